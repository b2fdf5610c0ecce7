import type { KeyboardEvent } from "react";
import { useRef } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { type FocusGeometry, nextFocusIndex } from "@/lib/grid-focus";
import { findTypeahead } from "../lib/keyboard";
import { useSelection } from "../stores/selection-store";
import { useFileListView } from "./use-file-list-view";

const TYPEAHEAD_RESET_MS = 700;

export interface PagedKeyboardOptions {
  count: number;
  columns: number;
  /** Items that fit in one screen (read on demand: it measures the list). */
  pageItems(): number;
  focusIndex: number;
  focusAt(index: number): void;
  onOpen(item: FileItem): void;
  onNavigateUp?(): void;
  /** The grid's rows (folders in rows of their own). */
  rows?: FocusGeometry["rows"];
}

/**
 * The list's keyboard: arrows/Home/End/PageUp/PageDown move focus (Shift extends the selection, Ctrl/Cmd moves
 * focus only), Enter opens, Alt+Enter shows the details, Space toggles, Backspace goes up, F2 renames, Delete deletes, Ctrl/Cmd+A/X/V select
 * all, cut and paste, Escape clears, printable keys jump by name.
 */
export function usePagedKeyboard(options: PagedKeyboardOptions) {
  const view = useFileListView();
  const { itemAt, loadedEntries } = view.pages;
  const o = { ...options, ...view, itemAt, loadedEntries };
  const typeahead = useRef({ text: "", at: 0 });

  return (e: KeyboardEvent) => {
    const selection = useSelection.getState();
    const mod = e.ctrlKey || e.metaKey;
    const idAt = (i: number) => o.itemAt(i)?.id;
    const focused = o.itemAt(o.focusIndex);
    const targets = () => {
      const selected = o.selectedItems();
      return selected.length > 0 ? selected : focused ? [focused] : [];
    };
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;

    if (mod && key === "a") {
      e.preventDefault();
      selection.selectAll(o.loadedEntries().map(([, item]) => item.id));
      return;
    }
    if (mod && key === "x") {
      e.preventDefault();
      selection.setCut(targets());
      return;
    }
    if (mod && key === "v") {
      e.preventDefault();
      const destination = o.location.folderPath || o.location.folderId;
      if (selection.cut.length > 0 && destination) {
        o.onMoveTo(selection.cut, { id: o.location.folderId, path: o.location.folderPath });
        selection.setCut([]);
      }
      return;
    }

    const next = nextFocusIndex(e.key, {
      index: Math.min(o.focusIndex, Math.max(0, o.count - 1)),
      count: o.count,
      columns: o.columns,
      pageItems: o.pageItems(),
      rows: o.rows,
    });
    if (next !== undefined) {
      e.preventDefault();
      o.focusAt(next);
      if (e.shiftKey) selection.click(next, "range", idAt);
      else if (!mod) selection.click(next, "replace", idAt);
      return;
    }

    switch (e.key) {
      case "Enter":
        if (e.altKey) {
          const [item] = targets();
          if (item) {
            e.preventDefault();
            o.onCommand("details", [item]);
          }
          return;
        }
        if (focused) {
          e.preventDefault();
          o.onOpen(focused);
        }
        return;
      case " ":
        e.preventDefault();
        selection.click(o.focusIndex, "toggle", idAt);
        return;
      case "Backspace":
        if (o.onNavigateUp) {
          e.preventDefault();
          o.onNavigateUp();
        }
        return;
      case "F2": {
        const [item] = targets();
        if (item) {
          e.preventDefault();
          o.onCommand("rename", [item]);
        }
        return;
      }
      case "Delete": {
        const items = targets();
        if (items.length > 0) {
          e.preventDefault();
          o.onCommand("remove", items);
        }
        return;
      }
      case "Escape":
        selection.clear();
        selection.setCut([]);
        return;
    }

    if (e.key.length === 1 && !mod && !e.altKey && e.key !== " ") {
      const now = e.timeStamp;
      const state = typeahead.current;
      state.text = now - state.at > TYPEAHEAD_RESET_MS ? e.key : state.text + e.key;
      state.at = now;
      const entries = o.loadedEntries().map(([i, item]) => [i, item.name] as const);
      const match = findTypeahead(entries, o.focusIndex, state.text);
      if (match !== undefined) {
        e.preventDefault();
        o.focusAt(match);
        selection.click(match, "replace", idAt);
      }
    }
  };
}
