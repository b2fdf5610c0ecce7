import { ArrowDownWideNarrow } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from "@/ui/dropdown-menu";
import { IconButton } from "@/ui/icon-button";
import type { Sort } from "../lib/list-query";
import { useViewPrefs, type ViewId } from "../stores/view-prefs-store";
import { menuLabelClasses, menuSeparatorClasses, SortChoices } from "./sort-menu";

/** Sort and list-or-grid behind one button, where the toolbar has room for only one (a phone). */
export function ViewOptionsMenu(props: { sort: Sort; onSortChange(sort: Sort): void }) {
  const viewId = useViewPrefs((s) => s.viewId);
  const setViewId = useViewPrefs((s) => s.setViewId);
  return (
    <DropdownMenu
      trigger={
        <IconButton label="View options">
          <ArrowDownWideNarrow aria-hidden className="size-5" />
        </IconButton>
      }
    >
      <SortChoices {...props} />
      <DropdownMenuSeparator className={menuSeparatorClasses} />
      <DropdownMenuLabel className={menuLabelClasses}>Show as</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={viewId} onValueChange={(value) => setViewId(value as ViewId)}>
        <DropdownMenuRadioItem value="list">List</DropdownMenuRadioItem>
        <DropdownMenuRadioItem value="grid">Grid</DropdownMenuRadioItem>
      </DropdownMenuRadioGroup>
    </DropdownMenu>
  );
}
