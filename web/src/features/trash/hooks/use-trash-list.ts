import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { queryClient } from "@/drive/api/query-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { itemsLabel } from "@/drive/errors/action-error";
import { describeError } from "@/drive/errors/error-message";
import { applyClick, type ClickMode, deselect, EMPTY_SELECTION, type Selection, selectAll } from "@/lib/selection";
import { toast } from "@/lib/toast";
import { deleteForever, emptyTrash } from "../api/delete-forever";
import { type TrashItem, trashQueryOptions } from "../api/get-trash";
import { restoreItems } from "../restore";

/** What the confirmation dialog is about: some items (one row, or the selection), or the whole trash. */
export type Doomed = { kind: "items"; items: TrashItem[] } | { kind: "all"; count: number };

/**
 * The trash page's state: its pages, the selection, what is about to be deleted forever, and the two mutations
 * (restore, delete forever). Ctrl/Cmd+A, Escape and Delete act on the selection.
 */
export function useTrashList() {
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

  return { trash, items, count, selection, setSelection, selected, doomed, setDoomed, forGood, restore, click };
}

export const idsOf = (items: readonly TrashItem[]) => items.map((i) => i.id);

/** Where Ctrl/Cmd+A, Escape and Delete belong to someone else: text fields, dialogs, menus. */
const NOT_OURS =
  'input:not([type="checkbox"]), textarea, select, [contenteditable="true"], [role="dialog"], [role="menu"]';
