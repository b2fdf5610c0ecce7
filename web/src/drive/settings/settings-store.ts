import { create } from "zustand";
import { persist } from "zustand/middleware";

/** Split sizes offered for uploads (spec section 9). */
export const SPLIT_FILE_SIZES = [104857600, 524288000, 1048576000, 2097152000] as const;

export interface Settings {
  pageSize: string;
  splitFileSize: number;
  uploadConcurrency: string;
  encryptFiles: boolean;
  resizerHost: string;
  rcloneProxy: string;
}

export const DEFAULT_SETTINGS: Settings = {
  pageSize: "500",
  splitFileSize: SPLIT_FILE_SIZES[1],
  uploadConcurrency: "4",
  encryptFiles: false,
  resizerHost: "",
  rcloneProxy: "",
};

interface SettingsState extends Settings {
  update(patch: Partial<Settings>): void;
}

/** Upload and display preferences, kept in localStorage under 'settings'. */
export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      update: (patch) => set(patch),
    }),
    { name: "settings" },
  ),
);

/** Current settings outside React (upload queue, query functions). */
export const getSettings = (): Settings => useSettings.getState();
