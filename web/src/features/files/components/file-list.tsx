// biome-ignore-all lint/a11y/useSemanticElements: a virtualised ARIA grid is positioned divs; table elements cannot be absolutely placed rows.
// biome-ignore-all lint/a11y/useFocusableInteractive: roving focus: one row or cell of the grid has tabIndex 0, the others are reached with arrow keys.
import { hashKey } from "@tanstack/react-query";
import { defaultRangeExtractor, useVirtualizer } from "@tanstack/react-virtual";
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Button } from "@/components/ui/button";
import type { OpenedBy } from "@/components/ui/deferred-trigger";
import { cn } from "@/lib/cn";
import { onDemand } from "@/lib/on-demand";
import type { FileCommandId } from "@/shared/lib/file-commands";
import type { FileItem } from "@/shared/lib/file-item";
import { useFolderPaths } from "../api/get-file";
import { indexOfEvent } from "../hooks/index-of-event";
import { useElementWidth } from "../hooks/use-element-width";
import type { useFilePages } from "../hooks/use-file-pages";
import { useVisiblePages } from "../hooks/use-file-pages";
import { usePagedKeyboard } from "../hooks/use-paged-keyboard";
import { useRowDrag } from "../hooks/use-row-drag";
import type { ListQuery, Sort } from "../lib/list-query";
import { ScrollSpeed } from "../lib/scroll-speed";
import { clickModeOf } from "../lib/selection";
import { useSelection } from "../stores/selection-store";
import type { ViewId } from "../stores/view-prefs-store";
import { CommandIcon } from "./command-icon";
import { FileCard } from "./file-card";
import { FileListHeader, HEADER_HEIGHT } from "./file-list-header";
import { FileListSkeleton } from "./file-list-skeleton";
import { FileRow, ROW_HEIGHT } from "./file-row";
import { ListError } from "./list-error";
import { PlaceholderCard } from "./placeholder-card";
import { PlaceholderRow } from "./placeholder-row";

const CARD_MIN_WIDTH = 168;
const CARD_GAP = 12;
const CARD_ROW_HEIGHT = 212;
const GRID_PADDING = 12;
const LONG_PRESS_MS = 500;

// Menus and the touch action sheet are not needed to draw the list: fetched on first use (or first touch).
const contextMenu = onDemand(() => import("./file-context-menu"));
const actionSheet = onDemand(() => import("./action-sheet"));

/** Set when the user opens a folder or goes up from a list, so the next list takes the keyboard focus. */
let focusNextList = false;

/** Scroll offset and focused row per list, so returning to a folder lands where the user left it. */
const memory = new Map<string, { offset: number; focus: number }>();

export interface FileListProps {
  query: ListQuery;
  pages: ReturnType<typeof useFilePages>;
  viewId: ViewId;
  /** Accessible name of the list, e.g. "My Drive". */
  label: string;
  sort: Sort;
  onSortChange(sort: Sort): void;
  /** The folder shown, when there is one: paste and drops into subfolders go there. */
  location: { folderPath?: string; folderId?: string };
  canCreate: boolean;
  /** Write under each name the folder it is in (lists that are not one folder). */
  showLocation?: boolean;
  /** Offer "Show in folder" in the context menu and action sheet. */
  showInFolder?: boolean;
  /** Id of an item to select and focus once it is loaded. */
  select?: string;
  selectMode: boolean;
  onOpen(item: FileItem): void;
  onNavigateUp?(): void;
  onCommand(id: FileCommandId, items: FileItem[]): void;
  onMoveTo(items: FileItem[], destination: { id?: string; path?: string }): void;
  selectedItems(): FileItem[];
}

/**
 * The one virtualised list and grid. The first page's `meta.count` sizes it; rows whose page has not arrived render
 * as placeholders; only rows in view are in the DOM (plus the focused one, so keyboard focus survives scrolling).
 */
export function FileList(props: FileListProps) {
  const { query, pages, viewId } = props;
  const parentRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(parentRef, pages.first.isSuccess);
  const grid = viewId === "grid";
  const columns = grid
    ? Math.max(1, Math.floor((width - 2 * GRID_PADDING + CARD_GAP) / (CARD_MIN_WIDTH + CARD_GAP)))
    : 1;
  const count = pages.count;
  const rowCount = Math.ceil(count / columns);
  const rowHeight = grid ? CARD_ROW_HEIGHT : ROW_HEIGHT;
  const scrollKey = `${hashKey([query])}|${viewId}`;
  const [focusIndex, setFocusIndex] = useState(() => memory.get(scrollKey)?.focus ?? 0);
  const focusRow = Math.floor(Math.min(focusIndex, Math.max(0, count - 1)) / columns);
  const selection = useSelection();
  const [sheetOpen, setSheetOpen] = useState(false);
  // `opening` counts openings, so each one mounts a fresh menu that reads the selection of that moment.
  const [menu, setMenu] = useState<{ x: number; y: number; openedBy: OpenedBy; opening: number }>();
  const [touch, setTouch] = useState(false);

  const [scrollSpeed] = useState(() => new ScrollSpeed());
  const focusIndexRef = useRef(focusIndex);
  focusIndexRef.current = focusIndex;
  useEffect(() => {
    const saved = memory.get(scrollKey);
    memory.set(scrollKey, { offset: saved?.offset ?? 0, focus: focusIndex });
  }, [scrollKey, focusIndex]);

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => parentRef.current,
    estimateSize: () => rowHeight,
    overscan: 4,
    paddingStart: grid ? GRID_PADDING : 0,
    scrollPaddingStart: grid ? GRID_PADDING : HEADER_HEIGHT,
    initialOffset: () => memory.get(scrollKey)?.offset ?? 0,
    rangeExtractor: (range) => {
      const rows = defaultRangeExtractor(range);
      if (focusRow < range.count && !rows.includes(focusRow)) rows.push(focusRow);
      return rows.sort((a, b) => a - b);
    },
    // A pause this long ends a scroll: pages for a jump (End, the scrollbar thumb) are fetched once it lands.
    isScrollingResetDelay: 100,
    onChange: (instance) => {
      memory.set(scrollKey, { offset: instance.scrollOffset ?? 0, focus: focusIndexRef.current });
      scrollSpeed.record(performance.now(), instance.scrollOffset ?? 0, instance.isScrolling);
    },
  });

  const range = virtualizer.range;
  const visible = useVisiblePages(
    query,
    range
      ? {
          first: range.startIndex * columns,
          last: (range.endIndex + 1) * columns - 1,
          velocity: (scrollSpeed.velocity / rowHeight) * columns,
          limit: query.limit,
          totalPages: pages.totalPages,
        }
      : undefined,
  );

  useEffect(() => {
    setTouch(window.matchMedia("(pointer: coarse)").matches);
  }, []);

  // Roving focus: after a keyboard move, focus the row once it is rendered (it may need a scroll first). A
  // placeholder replaced by its row takes the focus with it, so while the list holds focus, give it to the new row.
  const [focusOnMount] = useState(() => {
    const take = focusNextList;
    focusNextList = false;
    return take;
  });
  const wantFocus = useRef(focusOnMount);
  const hasFocus = useRef(false);
  useLayoutEffect(() => {
    const lost = hasFocus.current && (document.activeElement === document.body || document.activeElement === null);
    if (!wantFocus.current && !lost) return;
    const el = parentRef.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      wantFocus.current = false;
    }
  });

  const focusAt = (index: number) => {
    setFocusIndex(index);
    virtualizer.scrollToIndex(Math.floor(index / columns), { align: "auto" });
    wantFocus.current = true;
  };

  const onOpen = (item: FileItem) => {
    if (item.isDir) focusNextList = true;
    props.onOpen(item);
  };
  const onNavigateUp = props.onNavigateUp
    ? () => {
        focusNextList = true;
        props.onNavigateUp?.();
      }
    : undefined;

  const onKeyDown = usePagedKeyboard({
    count,
    columns,
    pageItems: () => Math.max(1, Math.floor((parentRef.current?.clientHeight ?? 600) / rowHeight) * columns),
    focusIndex,
    focusAt,
    itemAt: pages.itemAt,
    loadedEntries: pages.loadedEntries,
    selectedItems: props.selectedItems,
    location: props.location,
    onOpen,
    onNavigateUp,
    onCommand: props.onCommand,
    onMoveTo: props.onMoveTo,
  });

  // Touch: a tap opens (or toggles in Select mode); a long press opens the action sheet.
  const pointer = useRef<{ type: string; timer?: ReturnType<typeof setTimeout>; long: boolean }>({
    type: "mouse",
    long: false,
  });
  const onPointerDown = (e: PointerEvent) => {
    pointer.current.type = e.pointerType;
    pointer.current.long = false;
    clearTimeout(pointer.current.timer);
    if (e.pointerType !== "touch") return;
    // Offline: no sheet; the next long press tries again.
    const sheetLoaded = actionSheet.load().then(
      () => true,
      () => false,
    );
    const index = indexOfEvent(e);
    pointer.current.timer = setTimeout(() => {
      pointer.current.long = true;
      if (index !== undefined && !selection.ids.has(pages.itemAt(index)?.id ?? "")) {
        selection.click(index, "replace", (i) => pages.itemAt(i)?.id);
      }
      if (index === undefined) selection.clear();
      void sheetLoaded.then((ok) => ok && setSheetOpen(true));
    }, LONG_PRESS_MS);
  };
  const cancelLongPress = () => clearTimeout(pointer.current.timer);

  const onClick = (e: MouseEvent) => {
    const index = indexOfEvent(e);
    if (pointer.current.long) return;
    if (index === undefined) {
      if (e.target === e.currentTarget || (e.target as HTMLElement).dataset.spacer !== undefined) selection.clear();
      return;
    }
    setFocusIndex(index);
    const item = pages.itemAt(index);
    if (pointer.current.type === "touch") {
      if (props.selectMode) selection.click(index, "toggle", (i) => pages.itemAt(i)?.id);
      else if (item) onOpen(item);
      return;
    }
    selection.click(index, clickModeOf(e), (i) => pages.itemAt(i)?.id);
  };

  const onDoubleClick = (e: MouseEvent) => {
    const index = indexOfEvent(e);
    const item = index === undefined ? undefined : pages.itemAt(index);
    if (item && pointer.current.type !== "touch") onOpen(item);
  };

  const onContextMenu = (e: MouseEvent) => {
    const index = indexOfEvent(e);
    if (index === undefined) selection.clear();
    else {
      const id = pages.itemAt(index)?.id;
      if (id && !selection.ids.has(id)) selection.click(index, "replace", (i) => pages.itemAt(i)?.id);
      setFocusIndex(index);
    }
    // On touch screens a long press opens the action sheet instead.
    if (touch) return;
    e.preventDefault();
    // From the context-menu key or Shift+F10 no button is pressed (-1, or 0 at 0,0): open at the focused row.
    const fromKeyboard = e.button === -1 || (e.clientX === 0 && e.clientY === 0);
    const rect = (e.target as HTMLElement).getBoundingClientRect();
    const at = fromKeyboard ? { x: rect.left + 16, y: rect.bottom } : { x: e.clientX, y: e.clientY };
    void contextMenu.load().then(
      () =>
        setMenu((old) => ({
          ...at,
          openedBy: fromKeyboard ? "keyboard" : "pointer",
          opening: (old?.opening ?? 0) + 1,
        })),
      () => undefined, // Offline: nothing opens; the next right-click tries again.
    );
  };

  const { dropIndex, dragHandlers } = useRowDrag({
    itemAt: pages.itemAt,
    selectedItems: props.selectedItems,
    location: props.location,
    onMoveTo: props.onMoveTo,
  });

  // "in Photos" under each name: one request per folder shown, cached, only where the list spans folders.
  const virtualRows = virtualizer.getVirtualItems();
  const parentIds = props.showLocation
    ? [
        ...new Set(
          virtualRows.flatMap((row) => {
            const item = pages.itemAt(row.index);
            return item?.parentId ? [item.parentId] : [];
          }),
        ),
      ]
    : [];
  const folderPaths = useFolderPaths(parentIds);
  const locationOf = (item: FileItem) => (item.parentId ? folderPaths.get(item.parentId) : undefined);

  // "Show in folder": select the item and bring it into view once the page holding it has arrived.
  const selectDone = useRef<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever a page arrives (visible.version).
  useEffect(() => {
    if (!props.select || selectDone.current === props.select) return;
    const found = pages.loadedEntries().find(([, item]) => item.id === props.select);
    if (!found) return;
    selectDone.current = props.select;
    useSelection.getState().setIds([found[1].id]);
    focusAt(found[0]);
  }, [props.select, pages.first.data, visible.version]);

  if (pages.first.isPending) return <FileListSkeleton grid={grid} />;
  if (pages.first.isError) {
    return <ListError error={pages.first.error} onRetry={() => void pages.first.refetch()} />;
  }

  const ContextMenu = contextMenu.current?.FileContextMenu;
  const ActionSheet = actionSheet.current?.ActionSheet;
  const cutIds = new Set(useSelection.getState().cut.map((i) => i.id));
  const focusable = (index: number) => index === Math.min(focusIndex, count - 1);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {visible.failures.length > 0 && (
        <ListError
          compact
          error={visible.failures[0]?.error}
          page={visible.failures[0]?.page}
          onRetry={visible.refetchFailed}
        />
      )}
      <div
        ref={parentRef}
        role="grid"
        aria-label={props.label}
        aria-rowcount={grid ? rowCount : count + 1}
        aria-colcount={grid ? columns : 3}
        aria-multiselectable
        aria-busy={visible.fetching || undefined}
        tabIndex={-1}
        data-testid="file-list"
        className="relative min-h-0 flex-1 overflow-auto outline-none [overflow-anchor:none]"
        onKeyDown={(e: KeyboardEvent) => onKeyDown(e)}
        onFocus={() => {
          hasFocus.current = true;
        }}
        onBlur={(e) => {
          // Focus moving elsewhere (not a row being replaced, which has no relatedTarget) leaves the list.
          if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) hasFocus.current = false;
        }}
        onClick={onClick}
        onDoubleClick={onDoubleClick}
        onContextMenu={onContextMenu}
        onPointerDown={onPointerDown}
        onPointerUp={cancelLongPress}
        onPointerCancel={cancelLongPress}
        onPointerMove={(e) => {
          if (e.pointerType === "touch" && (Math.abs(e.movementX) > 4 || Math.abs(e.movementY) > 4)) cancelLongPress();
        }}
        {...dragHandlers}
      >
        {!grid && <FileListHeader sort={props.sort} onSortChange={props.onSortChange} />}
        {count === 0 ? (
          <div role="row" aria-rowindex={2} className="p-10 text-center text-on-surface-variant">
            <div role="gridcell" className="flex flex-col items-center gap-3">
              <span>No items.</span>
              {props.canCreate && (
                <>
                  <span className="text-sm">Drop files here to upload them, or:</span>
                  <div className="flex flex-wrap justify-center gap-2">
                    {(["upload", "uploadFolder", "newFolder"] as const).map((id) => (
                      <Button key={id} variant="tonal" onClick={() => props.onCommand(id, [])}>
                        <CommandIcon id={id} />
                        {id === "upload" ? "Upload files" : id === "uploadFolder" ? "Upload a folder" : "New folder"}
                      </Button>
                    ))}
                  </div>
                </>
              )}
            </div>
          </div>
        ) : (
          <div data-spacer className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualRows.map((row) => {
              if (!grid) {
                const item = pages.itemAt(row.index);
                return item ? (
                  <FileRow
                    key={row.index}
                    item={item}
                    index={row.index}
                    start={row.start}
                    selected={selection.ids.has(item.id)}
                    focusable={focusable(row.index)}
                    cut={cutIds.has(item.id)}
                    dropTarget={dropIndex === row.index}
                    location={props.showLocation ? locationOf(item) : undefined}
                  />
                ) : (
                  <PlaceholderRow
                    key={row.index}
                    index={row.index}
                    start={row.start}
                    height={ROW_HEIGHT}
                    focusable={focusable(row.index)}
                  />
                );
              }
              const first = row.index * columns;
              const cells = Array.from({ length: Math.min(columns, count - first) }, (_, i) => first + i);
              return (
                <div
                  key={row.index}
                  role="row"
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
                    const item = pages.itemAt(index);
                    return item ? (
                      <FileCard
                        key={index}
                        item={item}
                        index={index}
                        selected={selection.ids.has(item.id)}
                        focusable={focusable(index)}
                        cut={cutIds.has(item.id)}
                        dropTarget={dropIndex === index}
                      />
                    ) : (
                      <PlaceholderCard key={index} index={index} focusable={focusable(index)} />
                    );
                  })}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {menu && ContextMenu && (
        <ContextMenu
          key={menu.opening}
          at={menu}
          openedBy={menu.openedBy}
          onClose={() => setMenu(undefined)}
          canCreate={props.canCreate}
          showInFolder={props.showInFolder}
          selectedItems={props.selectedItems}
          onCommand={props.onCommand}
        />
      )}
      {ActionSheet && (
        <ActionSheet
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          canCreate={props.canCreate}
          showInFolder={props.showInFolder}
          selectedItems={props.selectedItems}
          onCommand={props.onCommand}
        />
      )}
      <span className={cn("sr-only")} aria-live="polite">
        {selection.ids.size > 0 ? `${selection.ids.size} selected` : ""}
      </span>
    </div>
  );
}
