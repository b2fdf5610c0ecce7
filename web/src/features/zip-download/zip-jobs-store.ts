import { useSyncExternalStore } from "react";

export type ZipStatus = "preparing" | "zipping" | "done" | "failed" | "cancelled";

export interface SkippedFile {
  path: string;
  reason: string;
}

/** One "Download as zip" as the panel shows it. */
export interface ZipJob {
  id: number;
  name: string;
  status: ZipStatus;
  /** Files and bytes known so far (while preparing) or in all (once zipping). */
  fileCount: number;
  totalBytes: number;
  filesDone: number;
  bytesDone: number;
  /** Files that could not be read and are not in the archive. */
  skipped: SkippedFile[];
  /** Why the zip stopped, when it failed. */
  error?: string;
  /** Set when the browser's own download was cancelled rather than ours. */
  cancelledInBrowser?: boolean;
}

// A plain list with listeners (not a zustand store): a store library shared with this lazy chunk would be split
// out of the first page's chunks, which costs the first page bytes it does not have.
let jobs: readonly ZipJob[] = [];
const listeners = new Set<() => void>();

function setJobs(next: readonly ZipJob[]): void {
  jobs = next;
  for (const listener of listeners) listener();
}

export const getJobs = (): readonly ZipJob[] => jobs;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The zip jobs, for the panel. */
export const useZipJobs = (): readonly ZipJob[] => useSyncExternalStore(subscribe, getJobs);

/** Stops a running zip; set by the job runner, called by the panel's Cancel. */
export const cancelZip = new Map<number, () => void>();

export function updateJob(id: number, patch: Partial<ZipJob>): void {
  setJobs(jobs.map((job) => (job.id === id ? { ...job, ...patch } : job)));
}

export function dismissJob(id: number): void {
  setJobs(jobs.filter((job) => job.id !== id));
}

let lastId = 0;

export function addJob(name: string): ZipJob {
  lastId += 1;
  const job: ZipJob = {
    id: lastId,
    name,
    status: "preparing",
    fileCount: 0,
    totalBytes: 0,
    filesDone: 0,
    bytesDone: 0,
    skipped: [],
  };
  setJobs([...jobs, job]);
  return job;
}
