import { type KeyboardEvent, Suspense, useRef } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";
import { PHONE_QUERY, useMediaQuery } from "@/lib/hooks/use-media-query";
import { AriaGrid } from "@/ui/aria-grid";
import { useFileListView } from "../hooks/use-file-list-view";
import { useFocusFollowsItem } from "../hooks/use-focus-follows-item";
import { useListLayout } from "../hooks/use-list-layout";
import { useListPointer } from "../hooks/use-list-pointer";
import { usePagedKeyboard } from "../hooks/use-paged-keyboard";
import { focusNextListOnMount, scrollKeyOf, useRovingFocus } from "../hooks/use-roving-focus";
import { useRowDrag } from "../hooks/use-row-drag";
import { useRowLocations } from "../hooks/use-row-locations";
import { useSelectOnArrival } from "../hooks/use-select-on-arrival";
import { useSelection } from "../stores/selection-store";
import { EmptyList } from "./empty-list";
import { FileListHeader } from "./file-list-header";
import { FileListMenus } from "./file-list-menus";
import { FileListSkeleton } from "./file-list-skeleton";
import { ListError } from "./list-error";
import { NEW_BUTTON_ROOM } from "./new-button-slot";
import { preloadGridRow, VirtualRow } from "./virtual-row";

/**
 * The one virtualised list and grid. The first page's `meta.count` sizes it; rows whose page has not arrived render
 * as placeholders; only rows in view are in the DOM (plus the focused one, so keyboard focus survives scrolling).
 */
export function FileList() {
  const view = useFileListView();
  const { query, pages, viewId } = view;
  const listRef = useRef<HTMLDivElement>(null);
  const selection = useSelection();
  const scrollKey = scrollKeyOf(query, viewId);
  const focus = useRovingFocus(scrollKey, listRef);
  const { focusIndex, focusIndexRef } = focus;
  // A phone's "New" floats over the list's end: the last row can scroll clear of it.
  const phone = useMediaQuery(PHONE_QUERY);
  const paddingEnd = phone && view.canCreate ? NEW_BUTTON_ROOM : 0;
  const layout = useListLayout({ query, pages, viewId, listRef, scrollKey, focusIndex, focusIndexRef, paddingEnd });
  const { grid, columns, count, rowCount, rowHeight, geometry, virtualizer, visible } = layout;

  const focusAt = (index: number) => {
    focus.setFocusIndex(index);
    layout.scrollToItem(index);
    focus.focusLater(index);
  };
  const onOpen = (item: FileItem) => {
    if (item.isDir) focusNextListOnMount();
    view.open(item);
  };
  const onNavigateUp = view.onNavigateUp
    ? () => {
        focusNextListOnMount();
        view.onNavigateUp?.();
      }
    : undefined;

  const onKeyDown = usePagedKeyboard({
    count,
    columns,
    pageItems: () => Math.max(1, Math.floor((listRef.current?.clientHeight ?? 600) / rowHeight) * columns),
    focusIndex,
    focusAt,
    onOpen,
    onNavigateUp,
    rows: grid ? geometry : undefined,
  });
  const pointer = useListPointer({ itemAt: pages.itemAt, selection, selectMode: view.selectMode, onOpen, ...focus });
  const { dropIndex, dragHandlers } = useRowDrag();
  const virtualRows = virtualizer.rows;
  const locationOf = useRowLocations(view.showLocation, virtualRows, pages.itemAt);
  useSelectOnArrival(view.select, pages, visible.version, focusAt);
  useFocusFollowsItem(pages.itemAt, pages.loadedEntries, focusIndex, (index) => {
    // The view goes along only when the user was looking at the item (a rename re-sorting it). A focused row out of
    // view that moves because pages arrived (the cursor walks meeting) must not pull the view away from the rows read.
    const inView = isInView(listRef.current, focusIndex);
    focus.follow(index);
    if (inView) layout.scrollToItem(index);
  });

  if (grid) preloadGridRow();
  if (pages.first.isPending) return <FileListSkeleton grid={grid} />;
  if (pages.first.isError) {
    return <ListError error={pages.first.error} onRetry={() => void pages.first.refetch()} />;
  }

  const cutIds = new Set(useSelection.getState().cut.map((i) => i.id));
  const failure = visible.failures[0];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {failure && <ListError compact error={failure.error} page={failure.page} onRetry={visible.refetchFailed} />}
      <AriaGrid
        ref={listRef}
        aria-label={pages.complete ? view.label : `${view.label}, ${pages.loaded}+ items`}
        aria-rowcount={!pages.complete ? -1 : grid ? rowCount : count + 1}
        aria-colcount={grid ? columns : 3}
        aria-multiselectable
        aria-busy={visible.fetching || undefined}
        tabIndex={-1}
        data-testid="file-list"
        className="relative min-h-0 flex-1 overflow-auto outline-none [overflow-anchor:none]"
        onKeyDown={(e: KeyboardEvent) => onKeyDown(e)}
        {...focus.focusHandlers}
        {...pointer.handlers}
        {...dragHandlers}
      >
        {!grid && <FileListHeader sort={view.sort} onSortChange={view.onSortChange} />}
        {count === 0 ? (
          <EmptyList />
        ) : (
          <div data-spacer className="relative w-full overflow-clip" style={{ height: virtualizer.totalSize }}>
            <Suspense>
              {layout.rows.map((row) => (
                <VirtualRow
                  key={row.index}
                  {...{ row, grid, geometry, dropIndex }}
                  itemAt={pages.itemAt}
                  isSelected={(item) => selection.ids.has(item.id)}
                  isCut={(item) => cutIds.has(item.id)}
                  focusable={(index) => index === Math.min(focusIndex, count - 1)}
                  locationOf={view.showLocation ? locationOf : undefined}
                  selectMode={view.selectMode}
                />
              ))}
            </Suspense>
          </div>
        )}
      </AriaGrid>
      <FileListMenus pointer={pointer} />
      <span className={cn("sr-only")} aria-live="polite">
        {selection.ids.size > 0 ? `${selection.ids.size} selected` : ""}
      </span>
    </div>
  );
}

/** Whether the row or card at `index` is rendered and at least partly inside the list's viewport. */
function isInView(list: HTMLElement | null, index: number): boolean {
  const el = list?.querySelector(`[data-index="${index}"]`);
  if (!list || !el) return false;
  const view = list.getBoundingClientRect();
  const box = el.getBoundingClientRect();
  return box.bottom > view.top && box.top < view.bottom;
}
