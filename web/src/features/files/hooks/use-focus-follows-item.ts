import { useEffect, useRef } from "react";
import type { FileItem } from "@/drive/files/file-item";

/**
 * Keeps the keyboard focus on the same item when the list changes under it: a rename re-sorts the item elsewhere, an
 * upload lands above it. Without this the focus stays at its place, on another item, while the selection (kept by id)
 * goes with the renamed one, and Delete would act on a row the outline is not on.
 */
export function useFocusFollowsItem(
  itemAt: (index: number) => FileItem | undefined,
  loadedEntries: () => [number, FileItem][],
  focusIndex: number,
  follow: (index: number) => void,
): void {
  const last = useRef<{ index: number; id?: string }>({ index: focusIndex });
  useEffect(() => {
    const prev = last.current;
    const id = itemAt(focusIndex)?.id;
    // A page on its way shows a placeholder for a moment: keep remembering the item.
    last.current = { index: focusIndex, id: id ?? (prev.index === focusIndex ? prev.id : undefined) };
    if (prev.index !== focusIndex || !prev.id || !id || id === prev.id) return;
    const found = loadedEntries().find(([, item]) => item.id === prev.id);
    if (!found) return;
    last.current = { index: found[0], id: prev.id };
    follow(found[0]);
  });
}
