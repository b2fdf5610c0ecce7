import type { FileItem } from "@/drive/files/file-item";
import { describeItem } from "./describe-item";

/**
 * What a list row and a grid card share: the grid's selection state and accessible name, roving focus, and the
 * data attributes the list's delegated event handlers read (`data-index`) and drops target (`data-folder`).
 */
export function itemAttributes(item: FileItem, index: number, state: { selected: boolean; focusable: boolean }) {
  return {
    "aria-selected": state.selected,
    "aria-label": describeItem(item),
    tabIndex: state.focusable ? 0 : -1,
    "data-index": index,
    "data-folder": item.isDir || undefined,
    draggable: true,
  };
}
