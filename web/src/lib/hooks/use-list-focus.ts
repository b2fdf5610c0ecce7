import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { nextFocusIndex } from "../grid-focus";

/** Items one PageUp/PageDown moves over where the list does not measure itself. */
const PAGE_ITEMS = 10;

export interface ListFocus {
  /** The item that is the list's one Tab stop. */
  index: number;
  /** Props of item `index`'s focus stop: its ref, its tabIndex, and taking the stop when focused another way. */
  stop(index: number): { ref: (element: HTMLElement | null) => void; tabIndex: 0 | -1; onFocus(): void };
  /**
   * On the list: arrows (by `columns` up and down), Home, End, PageUp and PageDown move the focus between stops; Enter
   * on a stop (not on a button inside it) opens its item.
   */
  onKeyDown(event: KeyboardEvent): void;
}

/**
 * Roving focus over a list or grid that renders all its items (no virtualisation): one item is a Tab stop, the keys
 * of `grid-focus.ts` move it, as in the drive's own list (whose virtualised rows need more: its own
 * features/files/hooks/use-roving-focus.ts).
 */
export function useListFocus(
  count: number,
  columns = 1,
  options: { focusOnMount?: boolean; onEnter?: (index: number) => void } = {},
): ListFocus {
  const [active, setActive] = useState(0);
  const elements = useRef<(HTMLElement | null)[]>([]);
  // A list that replaces the one the focus was in (a folder opened from it) takes the focus on its first item.
  const focusOnMount = useRef(options.focusOnMount);
  useLayoutEffect(() => {
    if (focusOnMount.current) elements.current[0]?.focus();
  }, []);
  const index = Math.min(active, Math.max(0, count - 1));
  return {
    index,
    stop: (i) => ({
      ref: (element) => {
        elements.current[i] = element;
      },
      tabIndex: i === index ? 0 : -1,
      onFocus: () => setActive(i),
    }),
    onKeyDown: (event) => {
      const stop = event.target instanceof HTMLElement ? elements.current.indexOf(event.target) : -1;
      if (event.key === "Enter" && stop >= 0 && stop < count && options.onEnter) {
        event.preventDefault();
        options.onEnter(stop);
        return;
      }
      const next = nextFocusIndex(event.key, { index, count, columns, pageItems: PAGE_ITEMS });
      if (next === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      setActive(next);
      elements.current[next]?.focus();
    },
  };
}
