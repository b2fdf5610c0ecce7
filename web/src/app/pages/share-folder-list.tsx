import { type FocusEvent, type KeyboardEvent, type MouseEvent, useRef, useState } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { FileCard } from "@/features/files/components/file-card";
import { FileListHeader, HEADER_HEIGHT } from "@/features/files/components/file-list-header";
import { FileRow, ROW_HEIGHT } from "@/features/files/components/file-row";
import { CARD_GAP, CARD_MIN_WIDTH, CARD_ROW_HEIGHT, GRID_PADDING } from "@/features/files/hooks/use-list-layout";
import { nextFocusIndex } from "@/features/files/lib/keyboard";
import type { Sort } from "@/features/files/lib/list-query";
import type { ViewId } from "@/features/files/stores/view-prefs-store";
import { useElementWidth } from "@/lib/hooks/use-element-width";
import { AriaGrid, AriaGridRow } from "@/ui/aria-grid";

export interface ShareFolderListProps {
  label: string;
  items: FileItem[];
  viewId: ViewId;
  sort: Sort;
  onSortChange(sort: Sort): void;
  onOpen(item: FileItem): void;
  onNavigateUp?(): void;
}

const indexOf = (target: EventTarget) => {
  const cell = (target as HTMLElement).closest<HTMLElement>("[data-index]");
  return cell ? Number(cell.dataset.index) : undefined;
};

/**
 * A shared folder as the drive shows a folder: its rows (list) or cards with thumbnails (grid), with the drive's own
 * row and card. No selection: a click, a tap or Enter opens (folders navigate, files preview); the arrow keys, Home,
 * End and PageUp/PageDown move the one focus stop; Backspace goes up. A share folder is read whole (at most a few
 * thousand items), so every row is in the DOM.
 */
export function ShareFolderList({
  label,
  items,
  viewId,
  sort,
  onSortChange,
  onOpen,
  onNavigateUp,
}: ShareFolderListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const grid = viewId === "grid";
  const width = useElementWidth(ref, true);
  const columns = grid
    ? Math.max(1, Math.floor((width - 2 * GRID_PADDING + CARD_GAP) / (CARD_MIN_WIDTH + CARD_GAP)))
    : 1;
  const count = items.length;
  const focused = Math.min(focusIndex, Math.max(0, count - 1));

  const focusAt = (index: number) => {
    setFocusIndex(index);
    const cell = ref.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    cell?.focus();
    cell?.scrollIntoView({ block: "nearest" });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      const item = items[focused];
      if (item) onOpen(item);
    } else if (event.key === "Backspace" && onNavigateUp) onNavigateUp();
    else {
      const rowsInView = Math.floor((ref.current?.clientHeight ?? 600) / (grid ? CARD_ROW_HEIGHT : ROW_HEIGHT));
      const next = nextFocusIndex(event.key, { index: focused, count, columns, pageItems: rowsInView * columns });
      if (next === undefined) return;
      focusAt(next);
    }
    event.preventDefault();
  };
  const onClick = (event: MouseEvent) => {
    const index = indexOf(event.target);
    const item = index === undefined ? undefined : items[index];
    if (index === undefined || !item) return;
    setFocusIndex(index);
    onOpen(item);
  };
  const onFocus = (event: FocusEvent) => {
    const index = indexOf(event.target);
    if (index !== undefined) setFocusIndex(index);
  };
  const cellProps = (index: number) => ({ index, selected: false, focusable: index === focused, cut: false });

  const rows = grid ? Math.ceil(count / columns) : count;
  return (
    <AriaGrid
      ref={ref}
      aria-label={label}
      aria-rowcount={grid ? rows : count + 1}
      aria-colcount={grid ? columns : 3}
      data-testid="share-list"
      className="relative min-h-0 w-full outline-none"
      onKeyDown={onKeyDown}
      onClick={onClick}
      onFocus={onFocus}
    >
      {grid ? (
        <div className="flex flex-col" style={{ gap: CARD_GAP, padding: GRID_PADDING }}>
          {Array.from({ length: rows }, (_, row) => {
            const first = row * columns;
            return (
              <AriaGridRow
                key={first}
                aria-rowindex={row + 1}
                className="grid"
                style={{
                  height: CARD_ROW_HEIGHT - CARD_GAP,
                  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                  gap: CARD_GAP,
                }}
              >
                {items.slice(first, first + columns).map((item, i) => (
                  <FileCard key={item.id} item={item} {...cellProps(first + i)} dropTarget={false} />
                ))}
              </AriaGridRow>
            );
          })}
        </div>
      ) : (
        <>
          <FileListHeader sort={sort} onSortChange={onSortChange} />
          <div className="relative w-full" style={{ height: count * ROW_HEIGHT, minHeight: HEADER_HEIGHT }}>
            {items.map((item, index) => (
              <FileRow key={item.id} item={item} start={index * ROW_HEIGHT} {...cellProps(index)} dropTarget={false} />
            ))}
          </div>
        </>
      )}
    </AriaGrid>
  );
}
