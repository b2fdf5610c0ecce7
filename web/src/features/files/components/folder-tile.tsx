import { Lock } from "lucide-react";
import { memo } from "react";
import { TypeIcon } from "@/drive/files/file-icon";
import { AriaGridCell } from "@/ui/aria-grid";
import { itemAttributes } from "../lib/item-attributes";
import { cardClassName, type FileCardProps } from "./file-card";
import { ItemMark } from "./item-mark";

/**
 * A folder in the grid, as Drive draws it: its icon and name on one line, the name where a file card's name is (the
 * same padding and icon width), so a column of folders and the files under it read down one edge.
 */
export const FolderTile = memo(function FolderTile(props: FileCardProps) {
  const { item, index, selected, focusable, selectMode = false } = props;
  return (
    <AriaGridCell
      {...itemAttributes(item, index, { selected, focusable })}
      className={cardClassName(props, "items-center gap-2 px-2")}
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
