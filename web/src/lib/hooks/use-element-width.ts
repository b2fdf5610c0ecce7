import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * Width of an element, kept current with a ResizeObserver (the grid's column count follows it). `mounted` re-runs
 * the observer when the element appears (the list renders a skeleton first).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, mounted: boolean): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = mounted ? ref.current : null;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, mounted]);
  return width;
}
