import type { FileItem } from "@/drive/files/file-item";
import type { VirtualItem } from "@/lib/hooks/use-virtual-rows";
import { AriaGridRow } from "@/ui/aria-grid";
import { CARD_GAP, CARD_ROW_HEIGHT, GRID_PADDING } from "../hooks/use-list-layout";
import { FileCard } from "./file-card";
import { FileRow, ROW_HEIGHT } from "./file-row";
import { PlaceholderCard } from "./placeholder-card";
import { PlaceholderRow } from "./placeholder-row";

export interface VirtualRowProps {
  row: VirtualItem;
  grid: boolean;
  /** Items per row: 1 in the list. */
  columns: number;
  count: number;
  itemAt(index: number): FileItem | undefined;
  isSelected(item: FileItem): boolean;
  isCut(item: FileItem): boolean;
  focusable(index: number): boolean;
  dropIndex: number | undefined;
  /** Folder path written under the name, where the list spans folders. */
  locationOf?(item: FileItem): string | undefined;
}

/** One rendered row of the virtual list: a file row, or a grid row of cards; a placeholder where no page is here yet. */
export function VirtualRow({ row, grid, columns, count, itemAt, isSelected, isCut, focusable, ...o }: VirtualRowProps) {
  if (!grid) {
    const item = itemAt(row.index);
    return item ? (
      <FileRow
        item={item}
        index={row.index}
        start={row.start}
        selected={isSelected(item)}
        focusable={focusable(row.index)}
        cut={isCut(item)}
        dropTarget={o.dropIndex === row.index}
        location={o.locationOf?.(item)}
      />
    ) : (
      <PlaceholderRow index={row.index} start={row.start} height={ROW_HEIGHT} focusable={focusable(row.index)} />
    );
  }
  const first = row.index * columns;
  const cells = Array.from({ length: Math.min(columns, count - first) }, (_, i) => first + i);
  return (
    <AriaGridRow
      aria-rowindex={row.index + 1}
      className="absolute top-0 left-0 grid w-full"
      style={{
        height: CARD_ROW_HEIGHT - CARD_GAP,
        transform: `translateY(${row.start}px)`,
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        gap: CARD_GAP,
        padding: `0 ${GRID_PADDING}px`,
      }}
    >
      {cells.map((index) => {
        const item = itemAt(index);
        return item ? (
          <FileCard
            key={index}
            item={item}
            index={index}
            selected={isSelected(item)}
            focusable={focusable(index)}
            cut={isCut(item)}
            dropTarget={o.dropIndex === index}
          />
        ) : (
          <PlaceholderCard key={index} index={index} focusable={focusable(index)} />
        );
      })}
    </AriaGridRow>
  );
}
