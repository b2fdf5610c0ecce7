import { ArrowDownUp } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from "@/ui/dropdown-menu";
import { IconButton } from "@/ui/icon-button";
import type { Sort, SortField, SortOrder } from "../lib/list-query";

const FIELDS: Array<{ value: SortField; label: string }> = [
  { value: "name", label: "Name" },
  { value: "updatedAt", label: "Modified" },
  { value: "size", label: "Size" },
];

export const menuLabelClasses = "px-3 py-1 text-xs text-on-surface-variant";
export const menuSeparatorClasses = "my-1 h-px bg-outline-variant";

/** The items of a sort menu: by name, date or size, ascending or descending. */
export function SortChoices({ sort, onSortChange }: { sort: Sort; onSortChange(sort: Sort): void }) {
  return (
    <>
      <DropdownMenuLabel className={menuLabelClasses}>Sort by</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={sort.sort}
        onValueChange={(value) => onSortChange({ ...sort, sort: value as SortField })}
      >
        {FIELDS.map((field) => (
          <DropdownMenuRadioItem key={field.value} value={field.value}>
            {field.label}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
      <DropdownMenuSeparator className={menuSeparatorClasses} />
      <DropdownMenuRadioGroup
        value={sort.order}
        onValueChange={(value) => onSortChange({ ...sort, order: value as SortOrder })}
      >
        <DropdownMenuRadioItem value="asc">Ascending</DropdownMenuRadioItem>
        <DropdownMenuRadioItem value="desc">Descending</DropdownMenuRadioItem>
      </DropdownMenuRadioGroup>
    </>
  );
}

/** Sort by name, date or size, ascending or descending; the server sorts, so a change refetches. */
export function SortMenu(props: { sort: Sort; onSortChange(sort: Sort): void }) {
  return (
    <DropdownMenu
      trigger={
        <IconButton label="Sort">
          <ArrowDownUp aria-hidden className="size-5" />
        </IconButton>
      }
    >
      <SortChoices {...props} />
    </DropdownMenu>
  );
}
