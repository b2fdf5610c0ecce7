import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { AlertCircle, File, Folder, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { IconButton } from "@/components/ui/icon-button";
import { Skeleton } from "@/components/ui/skeleton";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/lib/capabilities";
import { usePageTitle } from "@/lib/document-title";
import { describeError } from "@/lib/error-message";
import { formatDate } from "@/lib/format-date";
import { formatSize } from "@/lib/format-size";
import { queryClient } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { FILES_QUERY_KEY } from "@/shared/lib/query-keys";
import { deleteForever, emptyTrash } from "../api/delete-forever";
import { type TrashItem, trashQueryOptions } from "../api/get-trash";
import { originLabel } from "../lib/trash-text";
import { restoreItems } from "../restore";

/** What the confirmation dialog is about: one item, or the whole trash. */
type Doomed = { kind: "item"; item: TrashItem } | { kind: "all"; count: number };

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
  const items = trash.data?.pages.flatMap((p) => p.items) ?? [];
  const count = trash.data?.pages[0]?.meta.count ?? 0;
  const forGood = useMutation({
    mutationFn: (d: Doomed) => (d.kind === "all" ? emptyTrash() : deleteForever([d.item.id])),
    onSuccess: (_r, d) => {
      toast.success(d.kind === "all" ? "Trash emptied" : `Deleted "${d.item.name}" forever`);
      setDoomed(null);
    },
    onError: (error) => toast.error(`Could not delete: ${describeError(error)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });

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
        <ul aria-label="Items in the trash" className="flex flex-col divide-y divide-outline-variant">
          {items.map((item) => (
            <TrashRow key={item.id} item={item} onDelete={() => setDoomed({ kind: "item", item })} />
          ))}
        </ul>
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
              : `Delete "${doomed.item.name}" forever?`
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

function TrashRow({ item, onDelete }: { item: TrashItem; onDelete(): void }) {
  const isDir = item.type === "folder";
  const Icon = isDir ? Folder : File;
  const deleted = formatDate(new Date(item.trashedAt));
  return (
    <li className="flex items-center gap-3 py-2">
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
        onClick={() => void restoreItems([{ id: item.id, name: item.name }])}
      >
        Restore
      </Button>
      <IconButton label={`Delete "${item.name}" forever`} onClick={onDelete}>
        <Trash2 aria-hidden className="size-5" />
      </IconButton>
    </li>
  );
}
