import { create } from "zustand";
import type { FileItem } from "@/drive/files/file-item";
import { applyClick, type ClickMode, EMPTY_SELECTION, type Selection, selectAll } from "@/lib/selection";

export interface SelectionState extends Selection {
  /** Items cut with Ctrl/Cmd+X, waiting for a paste. */
  cut: FileItem[];
  /** Items being dragged onto a folder or breadcrumb. */
  dragged: FileItem[];
  click(index: number, mode: ClickMode, idAt: (index: number) => string | undefined): void;
  selectAll(ids: Iterable<string>): void;
  setIds(ids: Iterable<string>): void;
  clear(): void;
  setCut(items: FileItem[]): void;
  setDragged(items: FileItem[]): void;
}

/** Selection of the list on screen; cleared when the list changes (another folder, view or sort). */
export const useSelection = create<SelectionState>()((set, get) => ({
  ...EMPTY_SELECTION,
  cut: [],
  dragged: [],
  click: (index, mode, idAt) => set(applyClick(get(), { index, mode, idAt })),
  selectAll: (ids) => set(selectAll(ids)),
  setIds: (ids) => set({ ids: new Set(ids) }),
  clear: () => set(EMPTY_SELECTION),
  setCut: (cut) => set({ cut }),
  setDragged: (dragged) => set({ dragged }),
}));
