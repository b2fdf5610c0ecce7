import { create } from "zustand";
import { persist } from "zustand/middleware";
import type { ColorStyles } from "./lib/color-css";

export const DEFAULT_SOURCE_COLOR = "#82b1ff";

/** The 19 preset source colours offered in Appearance. */
export const PRESET_COLORS = [
  "#ff8a80",
  "#ff80ab",
  "#ea80fc",
  "#b388ff",
  "#8c9eff",
  "#82b1ff",
  "#80d8ff",
  "#84ffff",
  "#a7ffeb",
  "#b9f6ca",
  "#ccff90",
  "#f4ff81",
  "#ffff8d",
  "#ffe57f",
  "#ffd180",
  "#ff9e80",
  "#d7ccc8",
  "#f5f5f5",
  "#cfd8dc",
] as const;

interface ColorSchemeState {
  sourceColor: string;
  /** Generated roles; null means the defaults of styles.css. */
  styles: ColorStyles | null;
  setScheme(sourceColor: string, styles: ColorStyles): void;
  reset(): void;
}

/**
 * The chosen source colour and its generated roles, persisted under 'colorScheme'.
 * Generation lives in the (lazy) appearance tab so the colour library stays out of the first page.
 */
export const useColorSchemeStore = create<ColorSchemeState>()(
  persist(
    (set) => ({
      sourceColor: DEFAULT_SOURCE_COLOR,
      styles: null,
      setScheme: (sourceColor, styles) => set({ sourceColor, styles }),
      reset: () => set({ sourceColor: DEFAULT_SOURCE_COLOR, styles: null }),
    }),
    { name: "colorScheme", partialize: ({ sourceColor, styles }) => ({ sourceColor, styles }) },
  ),
);
