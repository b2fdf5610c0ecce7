import { useSyncExternalStore } from "react";
import { onDemand } from "@/lib/on-demand";
import type { UploadQueue } from "./lib/upload-queue";

// The upload queue's code (parts, hashing, transport) only matters once the user adds files, so it stays out of
// the first page's JavaScript.
const uploadService = onDemand(() => import("./upload-service"));

/** The app's upload queue, loaded on first use. */
export function loadUploadQueue(): Promise<UploadQueue> {
  return uploadService.load().then((m) => m.uploadQueue);
}

/** True once the upload queue's code has arrived, i.e. the first time files are added. */
export function useUploadQueueLoaded(): boolean {
  return useSyncExternalStore(uploadService.subscribe, () => uploadService.current !== undefined);
}
