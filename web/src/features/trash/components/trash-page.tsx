import { useQuery } from "@tanstack/react-query";
import { AlertCircle } from "lucide-react";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { itemsLabel } from "@/drive/errors/action-error";
import { describeError } from "@/drive/errors/error-message";
import { usePageTitle } from "@/lib/document-title";
import { EMPTY_SELECTION, selectAll } from "@/lib/selection";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { Skeleton } from "@/ui/skeleton";
import { idsOf, useTrashList } from "../hooks/use-trash-list";
import { notLoadedNote } from "../lib/trash-text";
import { TrashRow } from "./trash-row";
import { TrashSelectionBar } from "./trash-selection-bar";

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
  const { trash, items, count, selection, setSelection, selected, doomed, setDoomed, forGood, restore, click } =
    useTrashList();

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
