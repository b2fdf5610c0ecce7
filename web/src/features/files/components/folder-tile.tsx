import { Lock } from "lucide-react";
import { memo } from "react";
import { TypeIcon } from "@/drive/files/file-icon";
import { cn } from "@/lib/cn";
import { AriaGridCell } from "@/ui/aria-grid";
import { itemAttributes } from "../lib/item-attributes";
import type { FileCardProps } from "./file-card";
import { ItemMark } from "./item-mark";

/**
 * A folder in the grid, as Drive draws it: its icon and name on one line, the name where a file card's name is (the
 * same padding and icon width), so a column of folders and the files under it read down one edge.
 */
export const FolderTile = memo(function FolderTile(props: FileCardProps) {
  const { item, index, selected, focusable, cut, dropTarget, selectMode = false } = props;
  return (
    <AriaGridCell
      {...itemAttributes(item, index, { selected, focusable })}
      className={cn(
        "flex h-full min-w-0 cursor-default items-center gap-2 rounded-xl border border-outline-variant px-2 text-sm select-none",
        "outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        selected ? "bg-primary-container text-on-primary-container" : "bg-surface-container-low hover:bg-on-surface/5",
        cut && "opacity-50",
        dropTarget && "ring-2 ring-primary",
      )}
    >
      <ItemMark selectMode={selectMode} selected={selected}>
        <TypeIcon item={item} />
      </ItemMark>
      <span className="min-w-0 flex-1 truncate font-medium" title={item.name}>
        {item.name}
      </span>
      {item.isEncrypted && <Lock aria-label="Encrypted" className="size-4 shrink-0" />}
    </AriaGridCell>
  );
});
