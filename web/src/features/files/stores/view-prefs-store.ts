import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { SortId, SortOrder } from "../lib/list-query";

export type ViewId = "list" | "grid";

interface ViewPrefsState {
  /** The user's stored sort, used by my-drive (spec 4). */
  sort: { sortId: SortId; order: SortOrder };
  /** List or grid, remembered locally (default list). */
  viewId: ViewId;
  setSort(sort: { sortId: SortId; order: SortOrder }): void;
  setViewId(viewId: ViewId): void;
}

/** Sort and list/grid choice, kept in localStorage under 'view-prefs'. */
export const useViewPrefs = create<ViewPrefsState>()(
  persist(
    (set) => ({
      sort: { sortId: "sort_files_by_name", order: "asc" },
      viewId: "list",
      setSort: (sort) => set({ sort }),
      setViewId: (viewId) => set({ viewId }),
    }),
    { name: "view-prefs", partialize: ({ sort, viewId }) => ({ sort, viewId }) },
  ),
);
