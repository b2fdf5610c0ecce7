import { hashKey } from "@tanstack/react-query";
import { type FocusEvent, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";

/** Set when the user opens a folder or goes up from a list, so the next list takes the keyboard focus. */
let focusNextList = false;

/** The next list to mount takes the keyboard focus (the user opened a folder or went up). */
export function focusNextListOnMount(): void {
  focusNextList = true;
}

/** Scroll offset and focused item per list, so returning to a folder lands where the user left it. */
export const listMemory = new Map<string, { offset: number; focus: number }>();

/** The key a list's scroll offset and focus are remembered under: one per query and view. */
export const scrollKeyOf = (query: unknown, viewId: string) => `${hashKey([query])}|${viewId}`;

/**
 * Roving focus: the one item with tabIndex 0, remembered per list. After a keyboard move the item is focused once it
 * is rendered (it may need a scroll first). A placeholder replaced by its row takes the focus with it, so while the
 * list holds focus, the new row gets it.
 */
export function useRovingFocus(scrollKey: string, listRef: RefObject<HTMLDivElement | null>) {
  const [focusIndex, setFocusIndex] = useState(() => listMemory.get(scrollKey)?.focus ?? 0);
  const focusIndexRef = useRef(focusIndex);
  focusIndexRef.current = focusIndex;
  useEffect(() => {
    const saved = listMemory.get(scrollKey);
    listMemory.set(scrollKey, { offset: saved?.offset ?? 0, focus: focusIndex });
  }, [scrollKey, focusIndex]);

  const [focusOnMount] = useState(() => {
    const take = focusNextList;
    focusNextList = false;
    return take;
  });
  const wantFocus = useRef(focusOnMount);
  const hasFocus = useRef(false);
  /** The place the focus followed its item away from: focus coming back to it (a dialog closing) goes on. */
  const leftPlace = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    const lost = hasFocus.current && (document.activeElement === document.body || document.activeElement === null);
    if (!wantFocus.current && !lost) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      wantFocus.current = false;
    }
  });

  return {
    focusIndex,
    setFocusIndex,
    focusIndexRef,
    /** Moves the focus to `index` once its item is rendered. */
    focusLater(index: number) {
      setFocusIndex(index);
      wantFocus.current = true;
    },
    /** The focused item now sits at `index` (the list changed under it): the focus goes along. */
    follow(index: number) {
      leftPlace.current = focusIndexRef.current;
      setFocusIndex(index);
      if (listRef.current?.contains(document.activeElement)) wantFocus.current = true;
    },
    focusHandlers: {
      onFocus(e: FocusEvent) {
        hasFocus.current = true;
        const place = (e.target as HTMLElement).dataset.index;
        const fromOutside = !e.relatedTarget || !e.currentTarget.contains(e.relatedTarget);
        if (fromOutside && place !== undefined && Number(place) === leftPlace.current) {
          listRef.current?.querySelector<HTMLElement>(`[data-index="${focusIndexRef.current}"]`)?.focus();
        }
        leftPlace.current = undefined;
      },
      onPointerDownCapture() {
        leftPlace.current = undefined;
      },
      onBlur(e: FocusEvent) {
        // Focus moving elsewhere (not a row being replaced, which has no relatedTarget) leaves the list.
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) hasFocus.current = false;
      },
    },
  };
}
