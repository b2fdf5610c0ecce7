import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { AlertCircle, ArchiveRestore, File, Folder, Trash2 } from "lucide-react";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { queryClient } from "@/drive/api/query-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { itemsLabel } from "@/drive/errors/action-error";
import { describeError } from "@/drive/errors/error-message";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/dates";
import { usePageTitle } from "@/lib/document-title";
import { formatSize } from "@/lib/format-size";
import {
  applyClick,
  type ClickMode,
  clickModeOf,
  deselect,
  EMPTY_SELECTION,
  type Selection,
  selectAll,
} from "@/lib/selection";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { IconButton } from "@/ui/icon-button";
import { Skeleton } from "@/ui/skeleton";
import { deleteForever, emptyTrash } from "../api/delete-forever";
import { type TrashItem, trashQueryOptions } from "../api/get-trash";
import { notLoadedNote, originLabel } from "../lib/trash-text";
import { restoreItems } from "../restore";
import { SelectCheckbox } from "./select-checkbox";
import { TrashSelectionBar } from "./trash-selection-bar";

/** What the confirmation dialog is about: some items (one row, or the selection), or the whole trash. */
type Doomed = { kind: "items"; items: TrashItem[] } | { kind: "all"; count: number };

/** The trash: what was deleted, from where and when; restore, delete forever, empty. */
export function TrashPage() {
  usePageTitle("Trash");
  const hasTrash = (useQuery(capabilitiesQueryOptions()).data ?? TELDRIVE_1_8).trash;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-4">
      {hasTrash ? (
        <TrashList />
      ) : (
        <>
          <h1 className="text-2xl font-medium">Trash</h1>
          <p className="text-on-surface-variant">This server has no trash: deleting is permanent.</p>
        </>
      )}
    </div>
  );
}

function TrashList() {
  const trash = useInfiniteQuery(trashQueryOptions());
  const [doomed, setDoomed] = useState<Doomed | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const items = trash.data?.pages.flatMap((p) => p.items) ?? [];
  const count = trash.data?.pages[0]?.meta.count ?? 0;
  // Ids of items that left the list (restored elsewhere, by the clash dialog) stay in the set but count for nothing.
  const selected = items.filter((item) => selection.ids.has(item.id));
  const forGood = useMutation({
    mutationFn: (d: Doomed) => (d.kind === "all" ? emptyTrash() : deleteForever(idsOf(d.items))),
    onSuccess: (_r, d) => {
      toast.success(d.kind === "all" ? "Trash emptied" : `Deleted ${itemsLabel(d.items)} forever`);
      setSelection((s) => (d.kind === "all" ? EMPTY_SELECTION : deselect(s, idsOf(d.items))));
      setDoomed(null);
    },
    onError: (error) => toast.error(`Could not delete: ${describeError(error)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });
  const restore = useMutation({
    mutationFn: (some: TrashItem[]) => restoreItems(some.map(({ id, name }) => ({ id, name }))),
    onSuccess: (result, some) => {
      if (result) setSelection((s) => deselect(s, idsOf(some)));
    },
  });
  const click = (index: number, mode: ClickMode) =>
    setSelection((s) => applyClick(s, { index, mode, idAt: (i) => items[i]?.id }));

  const keys = useRef({ items, selected, doomed });
  keys.current = { items, selected, doomed };
  useEffect(() => {
    // Listened for on the document, so Ctrl/Cmd+A works as soon as the page shows; nothing else here takes these keys.
    const onKeyDown = (e: KeyboardEvent) => {
      const { items, selected, doomed } = keys.current;
      const target = e.target instanceof Element ? e.target : null;
      if (e.defaultPrevented || doomed || target?.closest(NOT_OURS)) return;
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "a") {
        e.preventDefault();
        setSelection(selectAll(idsOf(items)));
      } else if (e.key === "Escape" && selected.length > 0) setSelection(EMPTY_SELECTION);
      else if (e.key === "Delete" && selected.length > 0) setDoomed({ kind: "items", items: selected });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-medium">Trash</h1>
        <Button variant="outlined" disabled={count === 0} onClick={() => setDoomed({ kind: "all", count })}>
          Empty trash
        </Button>
      </div>
      <p className="text-sm text-on-surface-variant">Items in the trash are deleted forever after 30 days.</p>
      {trash.isPending ? (
        <Skeleton className="h-32" />
      ) : trash.isError ? (
        <div role="alert" className="flex items-center gap-3 rounded-xl bg-error-container p-4 text-on-error-container">
          <AlertCircle aria-hidden className="size-5" />
          <p className="flex-1">Could not load the trash: {describeError(trash.error)}</p>
          <Button variant="text" onClick={() => void trash.refetch()}>
            Retry
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="py-6 text-on-surface-variant">The trash is empty.</p>
      ) : (
        <div className="flex flex-col">
          <TrashSelectionBar
            selected={selected.length}
            loaded={items.length}
            note={notLoadedNote(items.length, count)}
            busy={restore.isPending || forGood.isPending}
            onSelectAll={(all) => setSelection(all ? selectAll(idsOf(items)) : EMPTY_SELECTION)}
            onRestore={() => restore.mutate(selected)}
            onDelete={() => setDoomed({ kind: "items", items: selected })}
            onClear={() => setSelection(EMPTY_SELECTION)}
          />
          <ul aria-label="Items in the trash" className="flex flex-col divide-y divide-outline-variant">
            {items.map((item, index) => (
              <TrashRow
                key={item.id}
                item={item}
                selected={selection.ids.has(item.id)}
                onSelect={(mode) => click(index, mode)}
                onRestore={() => restore.mutate([item])}
                onDelete={() => setDoomed({ kind: "items", items: [item] })}
              />
            ))}
          </ul>
        </div>
      )}
      {trash.hasNextPage && (
        <Button
          variant="text"
          className="self-center"
          disabled={trash.isFetchingNextPage}
          onClick={() => void trash.fetchNextPage()}
        >
          Show more
        </Button>
      )}
      {doomed && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDoomed(null)}
          title={
            doomed.kind === "all"
              ? `Delete ${doomed.count === 1 ? "the item" : `all ${doomed.count} items`} in the trash forever?`
              : `Delete ${itemsLabel(doomed.items)} forever?`
          }
          message="This is permanent: it cannot be restored."
          confirmLabel={doomed.kind === "all" ? "Empty trash" : "Delete forever"}
          cancelLabel="Cancel"
          pending={forGood.isPending}
          onConfirm={() => forGood.mutate(doomed)}
        />
      )}
    </>
  );
}

const idsOf = (items: readonly TrashItem[]) => items.map((i) => i.id);

/** Where Ctrl/Cmd+A, Escape and Delete belong to someone else: text fields, dialogs, menus. */
const NOT_OURS =
  'input:not([type="checkbox"]), textarea, select, [contenteditable="true"], [role="dialog"], [role="menu"]';

function TrashRow(props: {
  item: TrashItem;
  selected: boolean;
  onSelect(mode: ClickMode): void;
  onRestore(): void;
  onDelete(): void;
}) {
  const { item } = props;
  const isDir = item.type === "folder";
  const Icon = isDir ? Folder : File;
  const deleted = formatDate(new Date(item.trashedAt));
  // A click on the row's text selects as in the file list (Ctrl/Cmd toggles, Shift extends); a tap toggles.
  const onClick = (e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest("button, label")) return;
    const touch = "pointerType" in e.nativeEvent && e.nativeEvent.pointerType === "touch";
    props.onSelect(touch ? "toggle" : clickModeOf(e));
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox in the row is its keyboard equivalent
    <li
      className={cn("flex items-center gap-2 py-1 pr-1", props.selected && "bg-secondary-container/50")}
      onClick={onClick}
      onMouseDown={(e) => e.shiftKey && e.preventDefault()}
    >
      <SelectCheckbox
        label={`Select "${item.name}"`}
        checked={props.selected}
        onToggle={(shift) => props.onSelect(shift ? "range" : "toggle")}
      />
      <Icon aria-hidden className="size-6 shrink-0 text-on-surface-variant" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{item.name}</p>
        <p className="text-sm break-words text-on-surface-variant">
          From {originLabel(item.origin)} · Deleted {deleted}
          {!isDir && ` · ${formatSize(item.size ?? 0)}`}
        </p>
      </div>
      <Button
        variant="text"
        aria-label={`Restore "${item.name}"`}
        className="max-sm:w-11 max-sm:px-0"
        onClick={props.onRestore}
      >
        <ArchiveRestore aria-hidden className="size-5 sm:hidden" />
        <span className="max-sm:hidden">Restore</span>
      </Button>
      <IconButton label={`Delete "${item.name}" forever`} onClick={props.onDelete}>
        <Trash2 aria-hidden className="size-5" />
      </IconButton>
    </li>
  );
}
