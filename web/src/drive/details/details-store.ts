import { create } from "zustand";

interface DetailsState {
  /** The pane (wide screens) or sheet (phones) is shown. */
  open: boolean;
  /** The item it was asked for, shown while nothing is selected (Alt+Enter on a focused row). */
  itemId: string | undefined;
  /** Bumped on every request to show it, so the pane takes focus each time, not only when it mounts. */
  focusRequest: number;
  /** Where focus goes back to when it closes. */
  opener: HTMLElement | null;
  show(itemId?: string): void;
  toggle(): void;
  close(): void;
  /** The list changed: the item asked for belongs to another list. */
  forget(): void;
}

const activeElement = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

/** Whether the details of the selected item are shown, and for which item when nothing is selected. */
export const useDetails = create<DetailsState>()((set, get) => ({
  open: false,
  itemId: undefined,
  focusRequest: 0,
  opener: null,
  show: (itemId) =>
    set({
      open: true,
      itemId: itemId ?? get().itemId,
      focusRequest: get().focusRequest + 1,
      opener: activeElement(),
    }),
  toggle: () => (get().open ? set({ open: false }) : get().show()),
  close: () => {
    const { opener } = get();
    set({ open: false, opener: null });
    if (opener?.isConnected) opener.focus();
  },
  forget: () => set({ itemId: undefined }),
}));
