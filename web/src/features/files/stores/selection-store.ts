import { create } from "zustand";
import { applyClick, type ClickMode, EMPTY_SELECTION, type Selection, selectAll } from "../lib/selection";

interface SelectionState extends Selection {
  click(index: number, mode: ClickMode, idAt: (index: number) => string | undefined): void;
  selectAll(ids: Iterable<string>): void;
  clear(): void;
}

/** Selection of the list on screen; cleared when the list changes (another folder, view or sort). */
export const useSelection = create<SelectionState>()((set, get) => ({
  ...EMPTY_SELECTION,
  click: (index, mode, idAt) => set(applyClick(get(), { index, mode, idAt })),
  selectAll: (ids) => set(selectAll(ids)),
  clear: () => set(EMPTY_SELECTION),
}));
