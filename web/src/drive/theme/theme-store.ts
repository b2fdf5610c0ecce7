import { create } from "zustand";
import { persist } from "zustand/middleware";
import { parseThemeMode, type ThemeMode } from "./lib/resolve-theme";

interface ThemeState {
  theme: ThemeMode;
  setTheme(theme: ThemeMode): void;
}

/**
 * Light/dark/system choice, persisted under 'theme' as `{"state":{"theme":...}}`;
 * public/theme-boot.js reads the same shape before the app loads.
 */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      theme: "system",
      setTheme: (theme) => set({ theme }),
    }),
    {
      name: "theme",
      partialize: ({ theme }) => ({ theme }),
      merge: (persisted, current) => ({
        ...current,
        theme: parseThemeMode((persisted as { theme?: unknown } | undefined)?.theme),
      }),
    },
  ),
);
