import { useStore } from "zustand";
import type { UploadState } from "../lib/upload-queue";
import { uploadQueue } from "../upload-service";

/** Reads the upload queue's state in React. */
export function useUploads<T>(select: (state: UploadState) => T): T {
  return useStore(uploadQueue.store, select);
}
