import { lazy } from "react";
import type { FileItem } from "@/drive/files/file-item";
import type { LayoutRow } from "../hooks/use-list-layout";
import type { ListGeometry } from "../lib/list-geometry";
import { FileRow, ROW_HEIGHT } from "./file-row";
import { PlaceholderRow } from "./placeholder-row";

/** The grid's rows (tiles and cards) are fetched when a grid is first shown: most first pages are lists. */
const loadGridRow = () => import("./grid-row");
const GridRow = lazy(() => loadGridRow().then((m) => ({ default: m.GridRow })));

/** Starts fetching the grid's rows while the list's first page is on its way. */
export function preloadGridRow(): void {
  void loadGridRow();
}

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
  return <GridRow {...{ row, geometry, itemAt, isSelected, isCut, focusable }} {...o} />;
}
