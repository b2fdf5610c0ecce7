import { type CSSProperties, useCallback, useState, useSyncExternalStore } from "react";
import { PHONE_QUERY, useMediaQuery } from "./hooks/use-media-query";

/**
 * Panels that float at the bottom of a phone's screen (progress of uploads, downloads) stack up from just above the
 * bottom bar, the first opened lowest, instead of covering each other; a floating button there rises above the stack,
 * as Material's FAB rises above a snackbar. Module state, not context: a panel may live in a React root of its own.
 * Wider screens place the panels with their own classes and have no floating button.
 */
const STACK_BASE = 80;
const STACK_GAP = 8;

const heights = new Map<HTMLElement, number>();
const offsets = new Map<HTMLElement, number>();
const listeners = new Set<() => void>();
let reach = 0;

function publish(): void {
  let y = 0;
  for (const [element, height] of heights) {
    offsets.set(element, y);
    y += height + STACK_GAP;
  }
  reach = heights.size > 0 ? STACK_BASE + y - STACK_GAP : 0;
  for (const listener of listeners) listener();
}

/** Counts `element` in the stack, with its height kept current, until the returned function is called. */
export function trackBottomOverlay(element: HTMLElement): () => void {
  const measure = () => {
    if (heights.get(element) === element.offsetHeight) return;
    heights.set(element, element.offsetHeight);
    publish();
  };
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(element);
  return () => {
    observer.disconnect();
    heights.delete(element);
    offsets.delete(element);
    publish();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** How far up from the bottom of a phone's window the stacked panels reach (0 with none). */
export const useBottomOverlayReach = (): number => useSyncExternalStore(subscribe, () => reach);

/** For a bottom panel: its ref, and on a phone its place in the stack (elsewhere its classes place it). */
export function useBottomOverlay(): {
  ref: (element: HTMLElement | null) => (() => void) | undefined;
  style: CSSProperties | undefined;
} {
  const phone = useMediaQuery(PHONE_QUERY);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const offset = useSyncExternalStore(subscribe, () => (element ? offsets.get(element) : undefined));
  const ref = useCallback((attached: HTMLElement | null) => {
    if (!attached) return undefined;
    setElement(attached);
    const untrack = trackBottomOverlay(attached);
    return () => {
      untrack();
      setElement(null);
    };
  }, []);
  return { ref, style: phone && offset !== undefined ? { bottom: STACK_BASE + offset } : undefined };
}

/**
 * How far a floating control resting `resting` px above the window's bottom must rise to keep `gap` px clear of
 * panels reaching `reach` px up (0 when they stay below it).
 */
export const liftAbove = (reach: number, resting: number, gap: number): number =>
  reach > 0 ? Math.max(0, reach + gap - resting) : 0;
