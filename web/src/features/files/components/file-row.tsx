import { Lock } from "lucide-react";
import { memo } from "react";
import { FileIcon } from "@/drive/files/file-icon";
import type { FileItem } from "@/drive/files/file-item";
import { folderName } from "@/drive/files/folder-path";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/dates";
import { formatSize } from "@/lib/format-size";
import { AriaGridCell, AriaGridRow } from "@/ui/aria-grid";
import { typeLabel } from "../lib/describe-item";
import { itemAttributes } from "../lib/item-attributes";
import { ItemMark } from "./item-mark";

export const ROW_HEIGHT = 48;

export interface FileRowProps {
  item: FileItem;
  index: number;
  start: number;
  selected: boolean;
  focusable: boolean;
  cut: boolean;
  dropTarget: boolean;
  /** Path of the folder the item is in, written under its name where the list spans folders. */
  location?: string;
  /** Touch select mode: a check box where the icon is. */
  selectMode?: boolean;
}

/** One list row; events are handled by the list (delegation), found through `data-index`. */
export const FileRow = memo(function FileRow({
  item,
  index,
  start,
  selected,
  focusable,
  cut,
  dropTarget,
  location,
  selectMode = false,
}: FileRowProps) {
  const attributes = itemAttributes(item, index, { selected, focusable });
  const folder = location === undefined ? undefined : folderName(location);
  return (
    <AriaGridRow
      aria-rowindex={index + 2}
      {...attributes}
      aria-label={folder ? `${attributes["aria-label"]}, in ${folder}` : attributes["aria-label"]}
      className={cn(
        "absolute top-0 left-0 grid w-full cursor-default [contain:strict] grid-cols-[minmax(0,1fr)_6rem] items-center gap-4 border-b border-outline-variant/40 px-4 text-sm select-none md:grid-cols-[minmax(0,1fr)_7rem_12rem]",
        "outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary",
        selected ? "bg-primary-container text-on-primary-container" : "hover:bg-on-surface/5",
        cut && "opacity-50",
        dropTarget && "ring-2 ring-primary ring-inset",
      )}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <AriaGridCell className="flex min-w-0 items-center gap-3">
        <ItemMark selectMode={selectMode} selected={selected}>
          <FileIcon item={item} />
        </ItemMark>
        <div className="flex min-w-0 flex-col">
          <span className="truncate" title={item.name}>
            {item.name}
          </span>
          {folder && (
            <span className="truncate text-xs text-on-surface-variant" data-location={location}>
              in {folder}
            </span>
          )}
        </div>
        <span className="sr-only">{typeLabel(item)}</span>
        {item.isEncrypted && (
          <span title="Encrypted" className="inline-flex shrink-0 items-center text-on-surface-variant">
            <Lock aria-hidden className="size-4" />
            <span className="sr-only">Encrypted</span>
          </span>
        )}
      </AriaGridCell>
      <AriaGridCell className="text-right text-on-surface-variant tabular-nums">
        {item.isDir ? "—" : formatSize(item.size)}
      </AriaGridCell>
      <AriaGridCell className="hidden truncate text-on-surface-variant md:block">
        {formatDate(item.modDate)}
      </AriaGridCell>
    </AriaGridRow>
  );
});
