import type { FileItem } from "@/drive/files/file-item";
import { AriaGridRow } from "@/ui/aria-grid";
import {
  CARD_GAP,
  CARD_ROW_HEIGHT,
  FOLDER_GAP,
  FOLDER_ROW_HEIGHT,
  GRID_PADDING,
  type LayoutRow,
} from "../hooks/use-list-layout";
import type { ListGeometry } from "../lib/list-geometry";
import { FileCard } from "./file-card";
import { FileRow, ROW_HEIGHT } from "./file-row";
import { FolderTile } from "./folder-tile";
import { PlaceholderCard } from "./placeholder-card";
import { PlaceholderRow } from "./placeholder-row";

export interface VirtualRowProps {
  row: LayoutRow;
  grid: boolean;
  /** Which items each row holds. */
  geometry: ListGeometry;
  itemAt(index: number): FileItem | undefined;
  isSelected(item: FileItem): boolean;
  isCut(item: FileItem): boolean;
  focusable(index: number): boolean;
  dropIndex: number | undefined;
  /** Folder path written under the name, where the list spans folders. */
  locationOf?(item: FileItem): string | undefined;
  /** Touch select mode: check boxes where the icons are. */
  selectMode: boolean;
}

/** One rendered row of the virtual list: a file row, or a grid row of cards; a placeholder where no page is here yet. */
export function VirtualRow({ row, grid, geometry, itemAt, isSelected, isCut, focusable, ...o }: VirtualRowProps) {
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
        selectMode={o.selectMode}
      />
    ) : (
      <PlaceholderRow index={row.index} start={row.start} height={ROW_HEIGHT} focusable={focusable(row.index)} />
    );
  }
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
        if (folders && item) {
          return (
            <FolderTile
              key={index}
              item={item}
              index={index}
              selected={isSelected(item)}
              focusable={focusable(index)}
              cut={isCut(item)}
              dropTarget={o.dropIndex === index}
              selectMode={o.selectMode}
            />
          );
        }
        return item ? (
          <FileCard
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
