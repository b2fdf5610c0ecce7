import { queryClient } from "@/drive/api/query-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { getSettings } from "@/drive/settings/settings-store";
import { httpTransport } from "./api/http-transport";
import { UploadQueue } from "./lib/upload-queue";

/** The one upload queue of the app; React only renders it (see `useUploads`). */
export const uploadQueue = new UploadQueue({
  transport: httpTransport,
  settings: () => {
    const s = getSettings();
    return {
      partSize: Number(s.splitFileSize) || 524288000,
      concurrency: Number(s.uploadConcurrency) || 4,
      encrypted: Boolean(s.encryptFiles),
    };
  },
  untilOnline: () =>
    navigator.onLine
      ? Promise.resolve(false)
      : new Promise((resolve) => window.addEventListener("online", () => resolve(true), { once: true })),
  // The list shows the new file without a reload.
  onFileDone: () => void queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
});
