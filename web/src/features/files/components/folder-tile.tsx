import { memo } from "react";
import { AriaGridCell } from "@/ui/aria-grid";
import { itemAttributes } from "../lib/item-attributes";
import { CardTitle, cardClassName, type FileCardProps } from "./file-card";

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
      <CardTitle item={item} selected={selected} selectMode={selectMode} />
    </AriaGridCell>
  );
});
