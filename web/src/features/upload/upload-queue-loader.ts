import { create } from "zustand";
import type { UploadQueue } from "./lib/upload-queue";

/** `loaded` turns true once the upload queue's code has arrived, i.e. the first time files are added. */
export const useUploadQueueLoaded = create<{ loaded: boolean }>()(() => ({ loaded: false }));

let queue: Promise<UploadQueue> | undefined;

/**
 * The app's upload queue, loaded on first use: its code (parts, hashing, transport) only matters once the user
 * adds files, so it stays out of the first page's JavaScript.
 */
export function loadUploadQueue(): Promise<UploadQueue> {
  queue ??= import("./upload-service").then((m) => {
    useUploadQueueLoaded.setState({ loaded: true });
    return m.uploadQueue;
  });
  return queue;
}
