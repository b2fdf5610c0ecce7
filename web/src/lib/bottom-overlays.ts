import { useSyncExternalStore } from "react";

/**
 * Panels that float at the bottom of the screen (progress of uploads, downloads) say how far up from the bottom edge
 * they reach, so a floating button there can rise above them instead of being covered, as Material's FAB rises above
 * a snackbar. Module state, not context: a panel may live in a React root of its own.
 */
const reaches = new Map<HTMLElement, number>();
const listeners = new Set<() => void>();
let highest = 0;

function publish(): void {
  const next = Math.max(0, ...reaches.values());
  if (next === highest) return;
  highest = next;
  for (const listener of listeners) listener();
}

/**
 * A ref callback for such a panel: from when it is attached until it is removed, its reach (window height minus its
 * top) counts, measured again whenever it changes size or the window does.
 */
export function trackBottomOverlay(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  const measure = () => {
    reaches.set(element, Math.max(0, window.innerHeight - element.getBoundingClientRect().top));
    publish();
  };
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(element);
  window.addEventListener("resize", measure);
  return () => {
    observer.disconnect();
    window.removeEventListener("resize", measure);
    reaches.delete(element);
    publish();
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** How far up from the bottom of the window the highest bottom panel reaches (0 with none). */
export const useBottomOverlayReach = (): number => useSyncExternalStore(subscribe, () => highest);

/**
 * How far a floating control resting `resting` px above the window's bottom must rise to keep `gap` px clear of
 * panels reaching `reach` px up (0 when they stay below it).
 */
export const liftAbove = (reach: number, resting: number, gap: number): number =>
  reach > 0 ? Math.max(0, reach + gap - resting) : 0;
