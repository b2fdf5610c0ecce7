import { useEffect, useRef } from "react";
import { useSelection } from "../stores/selection-store";
import type { useFilePages } from "./use-file-pages";

/** "Show in folder": selects the item `select` and brings it into view once the page holding it has arrived. */
export function useSelectOnArrival(
  select: string | undefined,
  pages: ReturnType<typeof useFilePages>,
  /** Changes whenever a page arrives. */
  version: string,
  focusAt: (index: number) => void,
): void {
  const done = useRef<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever a page arrives (version).
  useEffect(() => {
    if (!select || done.current === select) return;
    const found = pages.loadedEntries().find(([, item]) => item.id === select);
    if (!found) return;
    done.current = select;
    useSelection.getState().setIds([found[1].id]);
    focusAt(found[0]);
  }, [select, pages.first.data, version]);
}
