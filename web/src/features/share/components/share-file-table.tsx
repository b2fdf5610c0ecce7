import { ArrowDown, ArrowUp, Download } from "lucide-react";
import { describeItem } from "@/drive/files/describe-item";
import { FileIcon } from "@/drive/files/file-icon";
import type { FileItem } from "@/drive/files/file-item";
import { formatDate } from "@/lib/dates";
import { formatSize } from "@/lib/format-size";
import { useListFocus } from "@/lib/hooks/use-list-focus";
import { IconButton } from "@/ui/icon-button";

export type ShareSortField = "name" | "updatedAt" | "size";
export interface ShareSort {
  sort: ShareSortField;
  order: "asc" | "desc";
}

const COLUMNS: { field: ShareSortField; label: string; className: string }[] = [
  { field: "name", label: "Name", className: "w-full" },
  { field: "size", label: "Size", className: "hidden sm:table-cell" },
  { field: "updatedAt", label: "Modified", className: "hidden md:table-cell" },
];

export interface ShareFileTableProps {
  label: string;
  items: FileItem[];
  sort: ShareSort;
  onSortChange: (sort: ShareSort) => void;
  onOpen: (item: FileItem) => void;
  onDownload: (item: FileItem) => void;
  /** Focus the first row when shown (the visitor opened this folder from the list). */
  autoFocus?: boolean;
}

/**
 * The files of a shared folder with their thumbnails and sortable columns; folders open, files preview. A grid as the
 * drive's list is: each row is a focus stop (one at a time in the Tab order, with its Download), Up, Down, Home, End
 * and the page keys move between rows, Enter opens. Each row is heard as the drive's are: name, type, size, date.
 */
export function ShareFileTable({
  label,
  items,
  sort,
  onSortChange,
  onOpen,
  onDownload,
  autoFocus,
}: ShareFileTableProps) {
  const roving = useListFocus(items.length, 1, {
    focusOnMount: autoFocus,
    onEnter: (index) => {
      const item = items[index];
      if (item) onOpen(item);
    },
  });
  const toggle = (field: ShareSortField) =>
    onSortChange({ sort: field, order: sort.sort === field && sort.order === "asc" ? "desc" : "asc" });
  return (
    <table
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: HTML allows a table the grid role; it keeps the columns' layout and tells screen readers the arrow keys move in it.
      role="grid"
      aria-label={label}
      aria-rowcount={items.length + 1}
      className="w-full text-sm"
      onKeyDown={roving.onKeyDown}
    >
      <thead className="text-left text-on-surface-variant">
        <tr>
          {COLUMNS.map((column) => (
            <th
              key={column.field}
              className={`px-2 py-2 font-medium ${column.className}`}
              aria-sort={sort.sort === column.field ? (sort.order === "asc" ? "ascending" : "descending") : "none"}
            >
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded hover:underline"
                onClick={() => toggle(column.field)}
              >
                {column.label}
                {sort.sort === column.field &&
                  (sort.order === "asc" ? (
                    <ArrowUp aria-hidden className="size-4" />
                  ) : (
                    <ArrowDown aria-hidden className="size-4" />
                  ))}
              </button>
            </th>
          ))}
          <th className="w-12">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr
            key={item.id}
            {...roving.stop(index)}
            aria-rowindex={index + 2}
            aria-label={describeItem(item)}
            className="border-t border-outline-variant outline-none hover:bg-on-surface/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
            data-testid="share-row"
          >
            <td className="max-w-0 px-2 py-1">
              {/* For the pointer; the keyboard opens the row with Enter. */}
              <button
                type="button"
                tabIndex={-1}
                className="flex min-h-11 w-full min-w-0 items-center gap-3 rounded py-1 text-left"
                onClick={() => onOpen(item)}
              >
                <FileIcon item={item} />
                <span className="truncate">{item.name}</span>
              </button>
            </td>
            <td className="hidden px-2 whitespace-nowrap sm:table-cell">{item.isDir ? "" : formatSize(item.size)}</td>
            <td className="hidden px-2 whitespace-nowrap md:table-cell">{formatDate(item.modDate)}</td>
            <td>
              {!item.isDir && (
                <IconButton
                  label={`Download ${item.name}`}
                  tabIndex={index === roving.index ? 0 : -1}
                  onClick={() => onDownload(item)}
                >
                  <Download aria-hidden className="size-5" />
                </IconButton>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
