import { Download } from "lucide-react";
import { FileIcon } from "@/drive/files/file-icon";
import type { FileItem } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";
import { formatSize } from "@/lib/format-size";
import { IconButton } from "@/ui/icon-button";

/** The files of a shared folder as cards with their thumbnails; a card opens (folders navigate, files preview). */
export function ShareFileGrid(props: {
  label: string;
  items: FileItem[];
  onOpen: (item: FileItem) => void;
  onDownload: (item: FileItem) => void;
}) {
  return (
    <ul
      aria-label={props.label}
      className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3 sm:grid-cols-[repeat(auto-fill,minmax(11rem,1fr))]"
    >
      {props.items.map((item) => (
        <li
          key={item.id}
          data-testid="share-card"
          className="relative flex h-48 min-w-0 flex-col overflow-hidden rounded-xl border border-outline-variant bg-surface-container-low text-sm hover:bg-on-surface/5 sm:h-52"
        >
          <button
            type="button"
            aria-label={item.name}
            onClick={() => props.onOpen(item)}
            className="flex min-h-0 flex-1 flex-col text-left outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
          >
            <span className="flex min-h-0 w-full flex-1 items-center justify-center overflow-hidden bg-surface-container">
              <FileIcon item={item} large />
            </span>
            <span className={cn("w-full truncate pt-2 pl-3", item.isDir ? "pr-3" : "pr-12")} title={item.name}>
              {item.name}
            </span>
            <span className="px-3 pb-2 text-xs text-on-surface-variant">
              {item.isDir ? "Folder" : formatSize(item.size)}
            </span>
          </button>
          {!item.isDir && (
            <IconButton
              label={`Download ${item.name}`}
              className="absolute right-0.5 bottom-0.5"
              onClick={() => props.onDownload(item)}
            >
              <Download aria-hidden className="size-5" />
            </IconButton>
          )}
        </li>
      ))}
    </ul>
  );
}
