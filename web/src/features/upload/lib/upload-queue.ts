import { createStore, type StoreApi } from "zustand/vanilla";
import { ancestorsOf } from "@/drive/files/folder-path";
import { ownUploads } from "@/drive/live/own-uploads";
import { type ClashChoice, keepBothName } from "./name-clash";
import { backoffDelay, PartError, shouldRetry } from "./retry-policy";
import { type PartSlice, partName, splitParts } from "./split-parts";
import { uploadId } from "./upload-id";
import type { UploadedPart, UploadTransport } from "./upload-transport";

export type UploadStatus =
  | "queued"
  | "preparing"
  | "uploading"
  | "finishing"
  | "done"
  | "failed"
  | "cancelled"
  | "skipped";

/** What the panel shows for one file. */
export interface UploadItem {
  key: string;
  name: string;
  folderPath: string;
  size: number;
  /** Bytes stored or in flight. */
  loaded: number;
  status: UploadStatus;
  error?: string;
  totalParts: number;
  partsDone: number;
  /** The file's own modification time: with name and size, how a reloaded page finds it again to resume. */
  lastModified: number;
  /** It took the place of a file of the same name (the name-clash answer "Replace"). */
  replaced?: boolean;
}

/** A name clash waiting for the user's answer. */
export interface ClashPrompt {
  key: string;
  name: string;
  folderPath: string;
}

export interface UploadState {
  items: UploadItem[];
  clash: ClashPrompt | null;
  /** Bytes per second over the last few seconds. */
  speed: number;
  /** Keys of the files added since the queue was last idle: what the overall progress is about. */
  batch: string[];
}

export interface QueueSettings {
  partSize: number;
  concurrency: number;
  encrypted: boolean;
}

export interface UploadQueueOptions {
  transport: UploadTransport;
  settings: () => QueueSettings;
  onFileDone?: (item: UploadItem) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /**
   * Resolves once the network is up: true if it was down and had to be waited for. A part that failed
   * while offline waits for the network, and that failure does not use up one of its tries.
   */
  untilOnline?: () => Promise<boolean>;
}

/** A file to upload into `folderPath` (folders inside a dropped tree already joined in). */
export interface NewUpload {
  file: File;
  folderPath: string;
}

const ACTIVE: ReadonlySet<UploadStatus> = new Set(["queued", "preparing", "uploading", "finishing"]);
export const isActive = (status: UploadStatus) => ACTIVE.has(status);

const SPEED_WINDOW_MS = 5000;

/** Internal per-file bookkeeping; the store only holds the plain `UploadItem`. */
class Job {
  abort = new AbortController();
  uploadId = "";
  replace = false;
  encrypted = false;
  pending: PartSlice[] = [];
  stored = new Map<number, UploadedPart>();
  inFlight = new Map<number, number>();
  attempts = new Map<number, number>();
  storedBytes = 0;

  constructor(
    readonly key: string,
    readonly file: File,
  ) {}

  reset() {
    this.abort = new AbortController();
    this.pending = [];
    this.stored.clear();
    this.inFlight.clear();
    this.attempts.clear();
    this.storedBytes = 0;
    this.replace = false;
  }
}

let nextKey = 0;

/**
 * The upload queue: lives outside React, sends parts with `concurrency` in flight across all files, retries
 * failed parts with back-off, resumes from the parts the server already has, then registers each file.
 */
export class UploadQueue {
  readonly store: StoreApi<UploadState> = createStore<UploadState>(() => ({
    items: [],
    clash: null,
    speed: 0,
    batch: [],
  }));
  private readonly jobs = new Map<string, Job>();
  private readonly createdFolders = new Set<string>();
  private running = 0;
  private preparing = false;
  private clashPolicy: ClashChoice | undefined;
  private clashResolver: ((choice: ClashChoice) => void) | undefined;
  private samples: { at: number; sent: number }[] = [];
  private sent = 0;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(private readonly options: UploadQueueOptions) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
  }

  add(uploads: NewUpload[]): void {
    const items: UploadItem[] = uploads.map(({ file, folderPath }) => {
      const key = `u${++nextKey}`;
      this.jobs.set(key, new Job(key, file));
      return {
        key,
        name: file.name,
        folderPath,
        size: file.size,
        lastModified: file.lastModified,
        loaded: 0,
        status: "queued",
        totalParts: 0,
        partsDone: 0,
      };
    });
    const keys = items.map((i) => i.key);
    const batch = this.hasActive() ? [...this.store.getState().batch, ...keys] : keys;
    this.store.setState((s) => ({ items: [...s.items, ...items], batch }));
    this.pump();
  }

  /** The user's answer to the current name clash; `applyToAll` answers the rest of this batch the same way. */
  answerClash(choice: ClashChoice, applyToAll: boolean): void {
    if (applyToAll) this.clashPolicy = choice;
    const resolve = this.clashResolver;
    this.clashResolver = undefined;
    this.store.setState({ clash: null });
    resolve?.(choice);
  }

  cancel(key: string): void {
    const job = this.jobs.get(key);
    const item = this.item(key);
    if (!job || !item || !isActive(item.status)) return;
    job.abort.abort();
    this.running -= job.inFlight.size;
    job.inFlight.clear();
    job.pending = [];
    if (this.store.getState().clash?.key === key) this.answerClash("skip", false);
    this.update(key, { status: "cancelled", error: undefined });
    if (job.uploadId) this.options.transport.deleteUpload(job.uploadId).catch(() => {});
    this.pump();
  }

  cancelAll(): void {
    for (const item of this.store.getState().items) this.cancel(item.key);
  }

  retry(key: string): void {
    const job = this.jobs.get(key);
    const item = this.item(key);
    if (!job || !item || (item.status !== "failed" && item.status !== "cancelled")) return;
    job.reset();
    this.update(key, { status: "queued", error: undefined, loaded: 0, partsDone: 0, replaced: false });
    this.pump();
  }

  retryFailed(): void {
    for (const item of this.store.getState().items) if (item.status === "failed") this.retry(item.key);
  }

  /** Drops finished, skipped and cancelled rows from the panel. */
  clearFinished(): void {
    const keep = this.store.getState().items.filter((i) => isActive(i.status) || i.status === "failed");
    for (const key of this.jobs.keys()) if (!keep.some((i) => i.key === key)) this.jobs.delete(key);
    this.store.setState({ items: keep });
  }

  hasActive(): boolean {
    return this.store.getState().items.some((i) => isActive(i.status));
  }

  private item(key: string): UploadItem | undefined {
    return this.store.getState().items.find((i) => i.key === key);
  }

  private update(key: string, patch: Partial<UploadItem>): void {
    this.store.setState((s) => ({ items: s.items.map((i) => (i.key === key ? { ...i, ...patch } : i)) }));
  }

  private isCurrent(job: Job, signal: AbortSignal): boolean {
    return !signal.aborted && this.jobs.get(job.key) === job;
  }

  /** Starts parts while slots are free, and prepares the next file when no prepared part is waiting. */
  private pump(): void {
    const { concurrency } = this.options.settings();
    const limit = Math.max(1, concurrency);
    for (const item of this.store.getState().items) {
      if (this.running >= limit) break;
      if (item.status !== "uploading") continue;
      const job = this.jobs.get(item.key);
      while (job && this.running < limit && job.pending.length > 0) {
        const part = job.pending.shift();
        if (part) this.startPart(job, part);
      }
    }
    if (this.running < limit && !this.preparing) {
      const next = this.store.getState().items.find((i) => i.status === "queued");
      const job = next && this.jobs.get(next.key);
      if (job) {
        this.preparing = true;
        this.prepare(job).finally(() => {
          this.preparing = false;
          this.pump();
        });
      }
    }
    if (!this.hasActive()) this.clashPolicy = undefined;
  }

  private async prepare(job: Job): Promise<void> {
    const { signal } = job.abort;
    const item = this.item(job.key);
    if (!item) return;
    this.update(job.key, { status: "preparing" });
    const { transport } = this.options;
    try {
      for (const folder of ancestorsOf(item.folderPath)) {
        if (this.createdFolders.has(folder)) continue;
        await transport.mkdir(folder);
        this.createdFolders.add(folder);
      }
      let name = item.name;
      if (await transport.exists(item.folderPath, name)) {
        const choice = await this.askClash(job.key, name, item.folderPath);
        if (!this.isCurrent(job, signal)) return;
        if (choice === "skip") {
          this.update(job.key, { status: "skipped" });
          return;
        }
        if (choice === "replace") job.replace = true;
        else name = await keepBothName(name, (candidate) => transport.exists(item.folderPath, candidate));
      }
      const settings = this.options.settings();
      job.encrypted = settings.encrypted;
      job.uploadId = uploadId({
        path: item.folderPath,
        name,
        size: job.file.size,
        lastModified: job.file.lastModified,
        userId: await transport.userId(),
      });
      ownUploads.add(job.uploadId);
      // The same file to the same place is already on its way: a second copy would race it part for part.
      const twin = [...this.jobs.values()].find(
        (other) => other !== job && other.uploadId === job.uploadId && isActive(this.item(other.key)?.status ?? "done"),
      );
      if (twin) {
        this.update(job.key, { status: "skipped", error: "Already being uploaded" });
        return;
      }
      const parts = splitParts(job.file.size, settings.partSize);
      const stored = await transport.listParts(job.uploadId, signal);
      for (const part of stored) {
        const slice = parts.find((p) => p.partNo === part.partNo);
        // A part stored with other settings (encryption, part size) cannot be reused.
        if (!slice || part.encrypted !== job.encrypted) continue;
        if (!job.encrypted && part.size !== slice.end - slice.start) continue;
        job.stored.set(part.partNo, part);
        job.storedBytes += slice.end - slice.start;
      }
      job.pending = parts.filter((p) => !job.stored.has(p.partNo));
      if (!this.isCurrent(job, signal)) return;
      this.update(job.key, {
        name,
        status: "uploading",
        replaced: job.replace,
        totalParts: parts.length,
        partsDone: job.stored.size,
        loaded: job.storedBytes,
      });
      if (job.pending.length === 0) void this.finish(job);
    } catch (error) {
      if (this.isCurrent(job, signal)) this.fail(job, error);
    }
  }

  private askClash(key: string, name: string, folderPath: string): Promise<ClashChoice> {
    if (this.clashPolicy) return Promise.resolve(this.clashPolicy);
    return new Promise((resolve) => {
      this.clashResolver = resolve;
      this.store.setState({ clash: { key, name, folderPath } });
    });
  }

  private startPart(job: Job, part: PartSlice): void {
    const item = this.item(job.key);
    if (!item) return;
    const { signal } = job.abort;
    this.running++;
    job.inFlight.set(part.partNo, 0);
    const total = item.totalParts;
    this.options.transport
      .sendPart(
        {
          uploadId: job.uploadId,
          body: job.file.slice(part.start, part.end),
          partName: partName(item.name, part.partNo, total),
          fileName: item.name,
          partNo: part.partNo,
          channelId: 0,
          encrypted: job.encrypted,
        },
        (loaded) => {
          if (!this.isCurrent(job, signal)) return;
          const before = job.inFlight.get(part.partNo) ?? 0;
          job.inFlight.set(part.partNo, loaded);
          this.recordSent(loaded - before);
          this.refreshLoaded(job);
        },
        signal,
      )
      .then(
        (stored) => {
          if (!this.isCurrent(job, signal)) return;
          this.running--;
          job.inFlight.delete(part.partNo);
          job.stored.set(part.partNo, stored);
          job.storedBytes += part.end - part.start;
          this.update(job.key, { partsDone: job.stored.size });
          this.refreshLoaded(job);
          if (job.stored.size === total) void this.finish(job);
          this.pump();
        },
        async (error: unknown) => {
          if (!this.isCurrent(job, signal)) return;
          this.running--;
          job.inFlight.delete(part.partNo);
          this.refreshLoaded(job);
          const attempt = job.attempts.get(part.partNo) ?? 0;
          const status = error instanceof PartError ? error.status : 0;
          if (!shouldRetry(status, attempt)) {
            this.fail(job, error);
            this.pump();
            return;
          }
          this.pump();
          const waitedForNetwork = status === 0 && (await this.options.untilOnline?.()) === true;
          if (!this.isCurrent(job, signal)) return;
          if (!waitedForNetwork) job.attempts.set(part.partNo, attempt + 1);
          await this.sleep(backoffDelay(attempt));
          if (!this.isCurrent(job, signal)) return;
          job.pending.unshift(part);
          this.pump();
        },
      );
  }

  private refreshLoaded(job: Job): void {
    let loaded = job.storedBytes;
    for (const bytes of job.inFlight.values()) loaded += bytes;
    this.update(job.key, { loaded });
  }

  private recordSent(bytes: number): void {
    if (bytes <= 0) return;
    this.sent += bytes;
    const at = this.now();
    this.samples.push({ at, sent: this.sent });
    while (this.samples.length > 2 && (this.samples[0]?.at ?? at) < at - SPEED_WINDOW_MS) this.samples.shift();
    const first = this.samples[0];
    const elapsed = first ? (at - first.at) / 1000 : 0;
    if (first && elapsed > 0.2) this.store.setState({ speed: (this.sent - first.sent) / elapsed });
  }

  private async finish(job: Job): Promise<void> {
    const item = this.item(job.key);
    if (!item) return;
    const { signal } = job.abort;
    this.update(job.key, { status: "finishing", loaded: item.size });
    try {
      const parts = [...job.stored.values()].sort((a, b) => a.partNo - b.partNo);
      await this.options.transport.createFile(
        {
          name: item.name,
          type: "file",
          path: item.folderPath,
          size: job.file.size,
          mimeType: job.file.type || "application/octet-stream",
          parts: parts.map((p) => (p.salt ? { id: p.partId, salt: p.salt } : { id: p.partId })),
          encrypted: job.encrypted,
          channelId: parts[0]?.channelId ?? 0,
          ...(job.replace ? { replace: true } : {}),
        },
        signal,
      );
      if (!this.isCurrent(job, signal)) return;
      // The file is registered; a failed clean-up only leaves rows the server expires on its own.
      await this.options.transport.deleteUpload(job.uploadId).catch(() => {});
      this.update(job.key, { status: "done" });
      const done = this.item(job.key);
      if (done) this.options.onFileDone?.(done);
    } catch (error) {
      if (this.isCurrent(job, signal)) this.fail(job, error);
    }
    this.pump();
  }

  private fail(job: Job, error: unknown): void {
    job.abort.abort();
    this.running -= job.inFlight.size;
    job.inFlight.clear();
    job.pending = [];
    this.update(job.key, { status: "failed", error: failureReason(error) });
  }
}

export function failureReason(error: unknown): string {
  if (error instanceof PartError) {
    return error.status === 0 ? `Network error: ${error.message}` : `Server answered ${error.status}: ${error.message}`;
  }
  if (error instanceof Error) return error.message;
  return "Unknown error";
}
