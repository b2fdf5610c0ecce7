import { type CSSProperties, useCallback, useState, useSyncExternalStore } from "react";
import { PHONE_QUERY, useMediaQuery } from "./hooks/use-media-query";

/**
 * Panels that float at the bottom of a phone's screen (progress of uploads, downloads) stack up from just above the
 * bottom bar, the first opened lowest, instead of covering each other; a floating button there rises above the stack,
 * as Material's FAB rises above a snackbar. Module state, not context: a panel may live in a React root of its own.
 * Wider screens place the panels with their own classes and have no floating button.
 *
 * The stack is capped so the list above it keeps at least half the window: past the cap every panel is held to one
 * height (the tallest ones shrink first, the short ones keep theirs) and scrolls inside; a panel whose body is a
 * scrolling list (uploads) keeps its header line and shortens the list.
 */
const STACK_BASE = 80;
const STACK_GAP = 8;
/** The header and the folder's toolbar above the list on a phone. */
const TOP_CHROME = 128;
/** No panel is held lower than one line of heading. */
const MIN_PANEL = 48;

const heights = new Map<HTMLElement, number>();
const offsets = new Map<HTMLElement, number>();
const listeners = new Set<() => void>();
let reach = 0;
/** The height every panel is held to (Infinity: none, the stack fits). */
let level = Number.POSITIVE_INFINITY;

/** How tall the panels together may be in a window `windowHeight` px high, gaps included. */
export const stackBudget = (windowHeight: number): number =>
  Math.max(0, Math.floor(windowHeight / 2) - TOP_CHROME - STACK_BASE);

/**
 * The one height all panels are held to so that they and their gaps fit `budget` px, shared as water fills a vessel:
 * a panel shorter than the share keeps its height, the rest get what is left, equally. `previous` is the height they
 * were held to: a panel that is as tall as it shows only that it wants at least that much. Infinity when all fit.
 */
export function stackLevel(panelHeights: readonly number[], previous: number, budget: number): number {
  const wants = panelHeights.map((h) => (h >= previous - 1 ? Number.POSITIVE_INFINITY : h)).sort((a, b) => a - b);
  let left = budget - STACK_GAP * Math.max(0, wants.length - 1);
  for (const [i, want] of wants.entries()) {
    const share = left / (wants.length - i);
    if (want > share) return Math.max(MIN_PANEL, Math.floor(share));
    left -= want;
  }
  return Number.POSITIVE_INFINITY;
}

function publish(): void {
  let y = 0;
  for (const [element, height] of heights) {
    offsets.set(element, y);
    y += height + STACK_GAP;
  }
  reach = heights.size > 0 ? STACK_BASE + y - STACK_GAP : 0;
  level = heights.size > 0 ? stackLevel([...heights.values()], level, stackBudget(window.innerHeight)) : Infinity;
  for (const listener of listeners) listener();
}

/** Counts `element` in the stack, with its height kept current, until the returned function is called. */
export function trackBottomOverlay(element: HTMLElement): () => void {
  const measure = () => {
    if (heights.get(element) === element.offsetHeight) return;
    heights.set(element, element.offsetHeight);
    publish();
  };
  if (heights.size === 0) window.addEventListener("resize", publish);
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(element);
  return () => {
    observer.disconnect();
    heights.delete(element);
    offsets.delete(element);
    if (heights.size === 0) window.removeEventListener("resize", publish);
    publish();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** How far up from the bottom of a phone's window the stacked panels reach (0 with none). */
export const useBottomOverlayReach = (): number => useSyncExternalStore(subscribe, () => reach);

/** For a bottom panel: its ref, and on a phone its place in the stack and its cap (elsewhere its classes place it). */
export function useBottomOverlay(): {
  ref: (element: HTMLElement | null) => (() => void) | undefined;
  style: CSSProperties | undefined;
} {
  const phone = useMediaQuery(PHONE_QUERY);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const offset = useSyncExternalStore(subscribe, () => (element ? offsets.get(element) : undefined));
  const held = useSyncExternalStore(subscribe, () => level);
  const ref = useCallback((attached: HTMLElement | null) => {
    if (!attached) return undefined;
    setElement(attached);
    const untrack = trackBottomOverlay(attached);
    return () => {
      untrack();
      setElement(null);
    };
  }, []);
  if (!phone || offset === undefined) return { ref, style: undefined };
  return {
    ref,
    style:
      held === Number.POSITIVE_INFINITY
        ? { bottom: STACK_BASE + offset }
        : { bottom: STACK_BASE + offset, maxHeight: held, overflowY: "auto" },
  };
}

/**
 * How far a floating control resting `resting` px above the window's bottom must rise to keep `gap` px clear of
 * panels reaching `reach` px up (0 when they stay below it).
 */
export const liftAbove = (reach: number, resting: number, gap: number): number =>
  reach > 0 ? Math.max(0, reach + gap - resting) : 0;
