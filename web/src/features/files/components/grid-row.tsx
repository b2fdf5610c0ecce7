import { AriaGridRow } from "@/ui/aria-grid";
import { CARD_GAP, CARD_ROW_HEIGHT, FOLDER_GAP, FOLDER_ROW_HEIGHT, GRID_PADDING } from "../lib/grid-sizes";
import { FileCard } from "./file-card";
import { FolderTile } from "./folder-tile";
import { PlaceholderCard } from "./placeholder-card";
import type { VirtualRowProps } from "./virtual-row";

/** One grid row: folder tiles, or file cards; a placeholder card where no page is here yet. */
export function GridRow({ row, geometry, itemAt, isSelected, isCut, focusable, ...o }: Omit<VirtualRowProps, "grid">) {
  const first = geometry.firstOf(row.index);
  const cells = Array.from({ length: geometry.endOf(row.index) - first }, (_, i) => first + i);
  const folders = geometry.isFolderRow(row.index);
  return (
    <AriaGridRow
      aria-rowindex={row.index + 1}
      data-folder-row={folders || undefined}
      className="absolute top-0 left-0 grid w-full"
      style={{
        height: folders ? FOLDER_ROW_HEIGHT - FOLDER_GAP : CARD_ROW_HEIGHT - CARD_GAP,
        transform: `translateY(${row.start}px)`,
        gridTemplateColumns: `repeat(${geometry.columns}, minmax(0, 1fr))`,
        columnGap: CARD_GAP,
        padding: `0 ${GRID_PADDING}px`,
      }}
    >
      {cells.map((index) => {
        const item = itemAt(index);
        const Card = folders ? FolderTile : FileCard;
        return item ? (
          <Card
            key={index}
            item={item}
            index={index}
            selected={isSelected(item)}
            focusable={focusable(index)}
            cut={isCut(item)}
            dropTarget={o.dropIndex === index}
            selectMode={o.selectMode}
          />
        ) : (
          <PlaceholderCard key={index} index={index} focusable={focusable(index)} />
        );
      })}
    </AriaGridRow>
  );
}
