import { Lock } from "lucide-react";
import { memo } from "react";
import { FileIcon } from "@/drive/files/file-icon";
import type { FileItem } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";
import { formatSize } from "@/lib/format-size";
import { AriaGridCell } from "@/ui/aria-grid";
import { itemAttributes } from "../lib/item-attributes";

export interface FileCardProps {
  item: FileItem;
  index: number;
  selected: boolean;
  focusable: boolean;
  cut: boolean;
  dropTarget: boolean;
}

/** One grid card with its thumbnail; events are handled by the list (delegation), found through `data-index`. */
export const FileCard = memo(function FileCard({ item, index, selected, focusable, cut, dropTarget }: FileCardProps) {
  return (
    <AriaGridCell
      {...itemAttributes(item, index, { selected, focusable })}
      className={cn(
        "flex h-full min-w-0 cursor-default flex-col overflow-hidden rounded-xl border border-outline-variant text-sm select-none",
        "outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        selected ? "bg-primary-container text-on-primary-container" : "bg-surface-container-low hover:bg-on-surface/5",
        cut && "opacity-50",
        dropTarget && "ring-2 ring-primary",
      )}
    >
      <div className="flex min-h-0 flex-1 items-center justify-center overflow-hidden bg-surface-container">
        <FileIcon item={item} large />
      </div>
      <div className="flex items-center gap-1 px-3 py-2">
        <span className="min-w-0 flex-1 truncate" title={item.name}>
          {item.name}
        </span>
        {item.isEncrypted && <Lock aria-label="Encrypted" className="size-4 shrink-0" />}
      </div>
      {/* A folder has a second line too, so names in one row of cards line up. */}
      <div className="px-3 pb-2 text-xs text-on-surface-variant">{item.isDir ? "Folder" : formatSize(item.size)}</div>
    </AriaGridCell>
  );
});
