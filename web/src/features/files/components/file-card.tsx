import { Lock } from "lucide-react";
import { memo } from "react";
import { FileIcon, TypeIcon } from "@/drive/files/file-icon";
import type { FileItem } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";
import { AriaGridCell } from "@/ui/aria-grid";
import { itemAttributes } from "../lib/item-attributes";
import { ItemMark } from "./item-mark";

export interface FileCardProps {
  item: FileItem;
  index: number;
  selected: boolean;
  focusable: boolean;
  cut: boolean;
  dropTarget: boolean;
  /** Touch select mode: a check box where the icon is. */
  selectMode?: boolean;
}

/**
 * One grid card, as Drive draws it: the type icon and name on the top line (where a folder tile has them, so names
 * line up), the thumbnail below. Events are handled by the list (delegation), found through `data-index`.
 */
export const FileCard = memo(function FileCard(props: FileCardProps) {
  const { item, index, selected, focusable, selectMode = false } = props;
  return (
    <AriaGridCell
      {...itemAttributes(item, index, { selected, focusable })}
      className={cardClassName(props, "flex-col overflow-hidden")}
    >
      {/* As high as a folder tile (48 px less its border), so the name sits where a folder's does. */}
      <div className="flex h-[46px] shrink-0 items-center gap-2 px-2">
        <CardTitle item={item} selected={selected} selectMode={selectMode} />
      </div>
      <div className="mx-2 mb-2 flex min-h-0 flex-1 items-center justify-center overflow-hidden rounded-lg bg-surface-container">
        <FileIcon item={item} large />
      </div>
    </AriaGridCell>
  );
});

/** The frame a grid cell (file card or folder tile) shares: border, focus ring, selected, cut and drop states. */
export function cardClassName({ selected, cut, dropTarget }: FileCardProps, layout: string): string {
  return cn(
    "flex h-full min-w-0 cursor-default rounded-xl border border-outline-variant text-sm select-none",
    layout,
    "outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
    selected ? "bg-primary-container text-on-primary-container" : "bg-surface-container-low hover:bg-on-surface/5",
    cut && "opacity-50",
    dropTarget && "ring-2 ring-primary",
  );
}

/** A grid cell's name line: mark or type icon, name, lock. Folder tiles and file cards share it, so names line up. */
export function CardTitle({ item, selected, selectMode }: Pick<FileCardProps, "item" | "selected" | "selectMode">) {
  return (
    <>
      <ItemMark selectMode={selectMode ?? false} selected={selected}>
        <TypeIcon item={item} />
      </ItemMark>
      <span className="min-w-0 flex-1 truncate font-medium" title={item.name}>
        {item.name}
      </span>
      {item.isEncrypted && <Lock aria-label="Encrypted" className="size-4 shrink-0" />}
    </>
  );
}
