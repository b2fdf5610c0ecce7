// biome-ignore-all lint/a11y/useSemanticElements: a virtualised ARIA grid is positioned divs; table elements cannot be absolutely placed rows.
import { type KeyboardEvent, useRef } from "react";
import type { FileCommandId } from "@/drive/commands/file-commands";
import type { FileItem } from "@/drive/files/file-item";
import { cn } from "@/lib/cn";
import type { useFilePages } from "../hooks/use-file-pages";
import { useListLayout } from "../hooks/use-list-layout";
import { useListPointer } from "../hooks/use-list-pointer";
import { usePagedKeyboard } from "../hooks/use-paged-keyboard";
import { focusNextListOnMount, scrollKeyOf, useRovingFocus } from "../hooks/use-roving-focus";
import { useRowDrag } from "../hooks/use-row-drag";
import { useRowLocations } from "../hooks/use-row-locations";
import { useSelectOnArrival } from "../hooks/use-select-on-arrival";
import type { ListQuery, Sort } from "../lib/list-query";
import { useSelection } from "../stores/selection-store";
import type { ViewId } from "../stores/view-prefs-store";
import { EmptyList } from "./empty-list";
import { FileListHeader } from "./file-list-header";
import { FileListMenus } from "./file-list-menus";
import { FileListSkeleton } from "./file-list-skeleton";
import { ListError } from "./list-error";
import { VirtualRow } from "./virtual-row";

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
  const { query, pages } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const selection = useSelection();
  const scrollKey = scrollKeyOf(query, props.viewId);
  const focus = useRovingFocus(scrollKey, listRef);
  const { focusIndex, focusIndexRef } = focus;
  const layout = useListLayout({ query, pages, viewId: props.viewId, listRef, scrollKey, focusIndex, focusIndexRef });
  const { grid, columns, count, rowCount, rowHeight, virtualizer, visible } = layout;

  const focusAt = (index: number) => {
    focus.setFocusIndex(index);
    virtualizer.scrollToIndex(Math.floor(index / columns), { align: "auto" });
    focus.focusLater(index);
  };
  const onOpen = (item: FileItem) => {
    if (item.isDir) focusNextListOnMount();
    props.onOpen(item);
  };
  const onNavigateUp = props.onNavigateUp
    ? () => {
        focusNextListOnMount();
        props.onNavigateUp?.();
      }
    : undefined;

  const { selectedItems, location, onCommand, onMoveTo } = props;
  const onKeyDown = usePagedKeyboard({
    count,
    columns,
    pageItems: () => Math.max(1, Math.floor((listRef.current?.clientHeight ?? 600) / rowHeight) * columns),
    focusIndex,
    focusAt,
    itemAt: pages.itemAt,
    loadedEntries: pages.loadedEntries,
    ...{ selectedItems, location, onOpen, onNavigateUp, onCommand, onMoveTo },
  });
  const pointer = useListPointer({ itemAt: pages.itemAt, selection, selectMode: props.selectMode, onOpen, ...focus });
  const { dropIndex, dragHandlers } = useRowDrag({ itemAt: pages.itemAt, selectedItems, location, onMoveTo });
  const virtualRows = virtualizer.getVirtualItems();
  const locationOf = useRowLocations(props.showLocation, virtualRows, pages.itemAt);
  useSelectOnArrival(props.select, pages, visible.version, focusAt);

  if (pages.first.isPending) return <FileListSkeleton grid={grid} />;
  if (pages.first.isError) {
    return <ListError error={pages.first.error} onRetry={() => void pages.first.refetch()} />;
  }

  const cutIds = new Set(useSelection.getState().cut.map((i) => i.id));
  const failure = visible.failures[0];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {failure && <ListError compact error={failure.error} page={failure.page} onRetry={visible.refetchFailed} />}
      <div
        ref={listRef}
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
        {...focus.focusHandlers}
        {...pointer.handlers}
        {...dragHandlers}
      >
        {!grid && <FileListHeader sort={props.sort} onSortChange={props.onSortChange} />}
        {count === 0 ? (
          <EmptyList canCreate={props.canCreate} onCommand={onCommand} />
        ) : (
          <div data-spacer className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualRows.map((row) => (
              <VirtualRow
                key={row.index}
                {...{ row, grid, columns, count, dropIndex }}
                itemAt={pages.itemAt}
                isSelected={(item) => selection.ids.has(item.id)}
                isCut={(item) => cutIds.has(item.id)}
                focusable={(index) => index === Math.min(focusIndex, count - 1)}
                locationOf={props.showLocation ? locationOf : undefined}
              />
            ))}
          </div>
        )}
      </div>
      <FileListMenus
        pointer={pointer}
        canCreate={props.canCreate}
        showInFolder={props.showInFolder}
        {...{ selectedItems, onCommand }}
      />
      <span className={cn("sr-only")} aria-live="polite">
        {selection.ids.size > 0 ? `${selection.ids.size} selected` : ""}
      </span>
    </div>
  );
}
