import { ArrowDown, ArrowUp } from "lucide-react";
import { cn } from "@/lib/cn";
import { AriaColumnHeader, AriaGridRow } from "@/ui/aria-grid";
import type { Sort, SortField } from "../lib/list-query";

export const HEADER_HEIGHT = 44;

const COLUMNS: Array<{ field: SortField; label: string; className: string }> = [
  { field: "name", label: "Name", className: "justify-start" },
  { field: "size", label: "Size", className: "justify-end" },
  { field: "updatedAt", label: "Modified", className: "hidden justify-start md:flex" },
];

/** Column headers of the list view; clicking one sorts by it (again: reverses the order). */
export function FileListHeader({ sort, onSortChange }: { sort: Sort; onSortChange(sort: Sort): void }) {
  return (
    <AriaGridRow
      aria-rowindex={1}
      className="sticky top-0 z-10 grid grid-cols-[minmax(0,1fr)_6rem] items-center gap-4 border-b border-outline-variant bg-surface px-4 text-xs font-medium text-on-surface-variant md:grid-cols-[minmax(0,1fr)_7rem_12rem]"
      style={{ height: HEADER_HEIGHT }}
    >
      {COLUMNS.map((column) => {
        const active = sort.sort === column.field;
        const Icon = sort.order === "asc" ? ArrowUp : ArrowDown;
        return (
          <AriaColumnHeader
            key={column.field}
            aria-sort={active ? (sort.order === "asc" ? "ascending" : "descending") : "none"}
            className={cn("flex", column.className)}
          >
            <button
              type="button"
              tabIndex={-1}
              onClick={() =>
                onSortChange({
                  sort: column.field,
                  order:
                    active && sort.order === "asc" ? "desc" : active ? "asc" : column.field === "name" ? "asc" : "desc",
                })
              }
              className="inline-flex h-11 min-w-11 items-center gap-1 rounded px-1 hover:text-on-surface"
            >
              {column.label}
              {active && <Icon aria-hidden className="size-3.5" />}
            </button>
          </AriaColumnHeader>
        );
      })}
    </AriaGridRow>
  );
}
