import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { queryClient } from "@/drive/api/query-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { encryptFilesChoice } from "@/drive/settings/account-settings";
import { getSettings } from "@/drive/settings/settings-store";
import { httpTransport } from "./api/http-transport";
import { rememberActive } from "./lib/interrupted-uploads";
import { isActive, type QueueSettings, UploadQueue } from "./lib/upload-queue";

/** What the next upload runs with: the user's settings, as far as this server can follow them. */
export function queueSettings(): QueueSettings {
  const s = getSettings();
  return {
    partSize: Number(s.splitFileSize) || 524288000,
    concurrency: Number(s.uploadConcurrency) || 4,
    // A server without an encryption key refuses every encrypted part (400): never start such an upload. The
    // setting says so in Settings; the answer is in the cache, asked when the session started. The choice is the
    // account's where the server keeps one (read then too), else this browser's.
    encrypted:
      encryptFilesChoice() && queryClient.getQueryData(capabilitiesQueryOptions().queryKey)?.encryption !== false,
  };
}

/** The one upload queue of the app; React only renders it (see `useUploads`). */
export const uploadQueue = new UploadQueue({
  transport: httpTransport,
  settings: queueSettings,
  untilOnline: () =>
    navigator.onLine
      ? Promise.resolve(false)
      : new Promise((resolve) => window.addEventListener("online", () => resolve(true), { once: true })),
  // The list shows the new file without a reload.
  onFileDone: () => void queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
});

// What is still uploading survives a reload of this tab, so the page can offer to resume it (interrupted-uploads.ts).
let remembered = "";
uploadQueue.store.subscribe(({ items }) => {
  const active = items.filter((i) => isActive(i.status));
  const keys = active.map((i) => `${i.key}:${i.name}`).join("/");
  if (keys === remembered) return;
  remembered = keys;
  rememberActive(active.map(({ name, folderPath, size, lastModified }) => ({ name, folderPath, size, lastModified })));
});
