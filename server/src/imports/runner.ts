import crypto from "node:crypto";
import type { Config } from "../config.js";
import type { Db } from "../db/index.js";
import { HttpError } from "../http/errors.js";
import type { JobContext } from "../jobs/queue.js";
import type { Blobs } from "../storage/blobs.js";
import { encryptedSize } from "../storage/crypt.js";
import { encryptsByDefault } from "../users/settings.js";
import { DEFAULT_PART_SIZE, type SyncArgs } from "./args.js";
import {
  channelFor,
  destinationFiles,
  dropUpload,
  ensureFolder,
  existingFile,
  finishFile,
  storedParts,
  storePart,
  trashFiles,
} from "./drive-writes.js";
import { fileFilter, markedFolders, type SourceEntry } from "./filters.js";
import type { Sealer } from "./sealed.js";
import { Slicer } from "./slicer.js";
import { type KnownHosts, knownHostsOf } from "./sources/known-hosts.js";
import { openSource } from "./sources/open-source.js";
import { PermanentError, type Source } from "./sources/source.js";

export const IMPORT_RUN_JOB = "import.run";

/** A run's progress as kept in `import_runs.progress` and shown in `output`. */
export interface RunProgress {
  total: number;
  done: number;
  bytesTotal: number;
  bytesDone: number;
  skipped: number;
  pruned: number;
  currentFile?: string;
}

/** Tells others a run moved (the events area's `jobs.progress`, when there is one). */
export type ProgressListener = (userId: number, runId: number, state: string, progress: RunProgress) => void;

export interface RunnerDeps {
  db: Db;
  blobs: Blobs;
  config: Config;
  sealer: Sealer;
  onProgress?: ProgressListener;
}

interface RunRow {
  id: number;
  user_id: number;
  state: string;
  attempt: number;
  max_attempts: number;
  cancel_requested: boolean;
  args_sealed: string;
}

export const FINAL_STATES = new Set(["completed", "cancelled", "discarded"]);
const FLUSH_MS = 1000;

class Cancelled extends Error {}

/** The `import.run` job: does the run, records how it ended; throws (so the queue retries later) when it may. */
export async function runImport(deps: RunnerDeps, runId: number, ctx: JobContext): Promise<void> {
  const { db } = deps;
  const [run] = await db.background.query<RunRow>(
    "SELECT id, user_id, state, attempt, max_attempts, cancel_requested, args_sealed FROM import_runs WHERE id = $1",
    [runId],
  );
  if (!run || FINAL_STATES.has(run.state)) return;
  if (run.cancel_requested) return finish(deps, run, "cancelled");
  const [started] = await db.background.query<{ attempt: number }>(
    `UPDATE import_runs SET state = 'running', attempt = attempt + 1, started_at = now(), ran_on = $2
     WHERE id = $1 RETURNING attempt`,
    [runId, db.instanceId],
  );
  const attempt = started?.attempt ?? run.attempt + 1;
  deps.onProgress?.(run.user_id, runId, "running", emptyProgress());
  try {
    const args = deps.sealer.open(run.args_sealed) as SyncArgs;
    await new Transfer(deps, run, args, ctx).run();
    await finish(deps, run, "completed");
  } catch (err) {
    if (err instanceof Cancelled) return finish(deps, run, "cancelled");
    const message = plainWords(err);
    const permanent = err instanceof PermanentError || attempt >= run.max_attempts;
    const wait = Math.min(2 ** attempt, 600);
    await db.background.query(
      `UPDATE import_runs SET state = $2, errors = errors || $3::jsonb,
         scheduled_at = CASE WHEN $2 = 'retryable' THEN now() + make_interval(secs => $4) ELSE scheduled_at END,
         finalized_at = CASE WHEN $2 = 'discarded' THEN now() ELSE NULL END
       WHERE id = $1`,
      [runId, permanent ? "discarded" : "retryable", JSON.stringify([{ message, detail: `attempt ${attempt}` }]), wait],
    );
    deps.onProgress?.(run.user_id, runId, permanent ? "discarded" : "retryable", emptyProgress());
    if (!permanent) throw err;
  }
}

async function finish(deps: RunnerDeps, run: RunRow, state: "completed" | "cancelled"): Promise<void> {
  const [row] = await deps.db.background.query<{ progress: RunProgress }>(
    "UPDATE import_runs SET state = $2, finalized_at = now() WHERE id = $1 RETURNING progress",
    [run.id, state],
  );
  deps.onProgress?.(run.user_id, run.id, state, row?.progress ?? emptyProgress());
}

const emptyProgress = (): RunProgress => ({ total: 0, done: 0, bytesTotal: 0, bytesDone: 0, skipped: 0, pruned: 0 });

/** An error as a person reads it: what failed, without a stack. */
export function plainWords(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    if (code === "ECONNREFUSED") return "the source refused the connection (is it running, and is the port right?)";
    if (code === "ENOTFOUND") return "the source's host name does not resolve";
    if (code === "ECONNRESET") return "the source closed the connection in the middle of a transfer";
    if (code === "ETIMEDOUT") return "the source did not answer in time";
    return err.message;
  }
  return String(err);
}

/** Opens the source as a run would and lists it (test-connection); refusals and failures are 400 in plain words. */
export async function testSource(config: Config, args: SyncArgs, knownHosts: KnownHosts): Promise<number> {
  let source: Source | undefined;
  try {
    source = await openSource(config.imports, args, knownHosts);
    return (await source.list()).length;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, plainWords(err));
  } finally {
    await source?.close();
  }
}

class Transfer {
  private readonly progress = emptyProgress();
  private readonly abort = new AbortController();
  private readonly folders = new Map<string, string>();
  private cancelled = false;
  private encrypted = false;
  private flushing: Promise<void> | undefined;
  private lastFlush = 0;

  constructor(
    private readonly deps: RunnerDeps,
    private readonly row: RunRow,
    private readonly args: SyncArgs,
    private readonly ctx: JobContext,
  ) {}

  async run(): Promise<void> {
    const timer = setInterval(() => void this.flush(), FLUSH_MS);
    timer.unref();
    let source: Source | undefined;
    try {
      let entries: SourceEntry[];
      try {
        source = await openSource(
          this.deps.config.imports,
          this.args,
          knownHostsOf(this.deps.db.background, this.row.user_id),
        );
        entries = await source.list();
      } catch (err) {
        if (err instanceof HttpError && err.status < 500) throw new PermanentError(err.message);
        throw err;
      }
      const markers = markedFolders(entries, this.args.filters?.excludeIfPresent);
      const keep = fileFilter(this.args.filters);
      const taken = entries.filter((e) => keep(e, markers));
      this.progress.total = taken.length;
      this.progress.bytesTotal = taken.reduce((sum, e) => sum + e.size, 0);
      await this.flush(true);
      const channelId = await channelFor(this.deps.db.background, this.row.user_id);
      // An import that does not say follows the account's "Encrypt files" choice.
      this.encrypted =
        this.args.options?.encrypted ??
        (await encryptsByDefault(this.deps.db.background, this.deps.config, this.row.user_id, false));
      for (const entry of taken) {
        this.checkCancelled();
        this.progress.currentFile = entry.path;
        await this.copy(source, entry, channelId);
        this.progress.done++;
        await this.flush();
        await this.ctx.renew();
      }
      this.progress.currentFile = undefined;
      if (this.args.options?.sync) {
        // Sizes say nothing of a file the source no longer has: only the path filters decide what is in scope.
        const inScope = fileFilter({ ...this.args.filters, minSize: undefined, maxSize: undefined });
        await this.prune(new Set(entries.map((e) => e.path)), inScope, markers);
      }
      await this.flush(true);
    } catch (err) {
      if (this.cancelled || this.abort.signal.aborted) throw new Cancelled();
      throw err;
    } finally {
      clearInterval(timer);
      await this.flushing;
      await source?.close();
    }
  }

  private checkCancelled() {
    if (this.cancelled) throw new Cancelled();
  }

  /** Writes the progress (at most once a second unless `now`) and learns whether the run was cancelled meanwhile. */
  private flush(now = false): Promise<void> {
    if (this.flushing) return this.flushing;
    if (!now && Date.now() - this.lastFlush < FLUSH_MS) return Promise.resolve();
    this.lastFlush = Date.now();
    this.flushing = (async () => {
      try {
        const [row] = await this.deps.db.background.query<{ cancel_requested: boolean }>(
          "UPDATE import_runs SET progress = $2 WHERE id = $1 RETURNING cancel_requested",
          [this.row.id, JSON.stringify(this.progress)],
        );
        if (!row || row.cancel_requested) {
          this.cancelled = true;
          this.abort.abort();
        }
        this.deps.onProgress?.(this.row.user_id, this.row.id, "running", { ...this.progress });
      } catch (err) {
        console.error(`import ${this.row.id}: progress not saved: ${plainWords(err)}`);
      } finally {
        this.flushing = undefined;
      }
    })();
    return this.flushing;
  }

  private async folderId(path: string): Promise<string> {
    const known = this.folders.get(path);
    if (known) return known;
    const folder = await ensureFolder(this.deps.db, this.row.user_id, path);
    this.folders.set(path, folder.id);
    return folder.id;
  }

  private async copy(source: Source, entry: SourceEntry, channelId: number): Promise<void> {
    const { db, blobs } = this.deps;
    const userId = this.row.user_id;
    const segments = entry.path.split("/");
    const name = segments.pop() ?? entry.path;
    const folderPath = [this.args.destinationDir, ...segments].join("/");
    const existing = await existingFile(db.background, userId, await this.folderId(folderPath), name);
    if (existing?.type === "file" && existing.size === entry.size) {
      this.progress.skipped++;
      this.progress.bytesDone += entry.size;
      return;
    }
    if (entry.size === 0) {
      await finishFile(db, blobs, { userId, folderPath, name, uploadId: null, size: 0, modified: entry.modified });
      return;
    }
    const { encrypted } = this;
    const partSize = this.args.options?.partSize ?? DEFAULT_PART_SIZE;
    const count = Math.ceil(entry.size / partSize);
    const lengthOf = (i: number) => Math.min(partSize, entry.size - i * partSize);
    // One upload per run and file: a run started again finds the parts it stored.
    const uploadId = `import-${this.row.id}-${crypto.createHash("sha256").update(entry.path).digest("hex").slice(0, 32)}`;
    const stored = await storedParts(db.background, userId, uploadId);
    let have = 0;
    for (const [i, p] of stored.entries()) {
      const want = encrypted ? encryptedSize(lengthOf(i)) : lengthOf(i);
      if (p.part_no !== i + 1 || i >= count || p.encrypted !== encrypted || p.size !== want) break;
      have = i + 1;
    }
    // Parts after the last good one (or of another size) are dropped: they are written again.
    if (stored.length > have) await dropUpload(db, userId, uploadId, have + 1);
    if (have < count) {
      const opened = await source.open(entry, have * partSize, this.abort.signal);
      if (opened.start !== have * partSize) {
        await dropUpload(db, userId, uploadId);
        have = 0;
      }
      this.progress.bytesDone += have * partSize;
      const slicer = new Slicer(opened.stream, (n) => {
        this.progress.bytesDone += n;
        void this.flush();
      });
      try {
        for (let i = have; i < count; i++) {
          this.checkCancelled();
          await storePart(db, blobs, {
            userId,
            uploadId,
            fileName: name,
            partNo: i + 1,
            channelId,
            body: slicer.take(lengthOf(i)),
            length: lengthOf(i),
            encrypted,
          });
        }
      } finally {
        opened.stream.destroy();
        await slicer.close().catch(() => undefined);
      }
    } else this.progress.bytesDone += entry.size;
    await finishFile(db, blobs, { userId, folderPath, name, uploadId, size: entry.size, modified: entry.modified });
  }

  /** `sync: true`: files in the destination that the source no longer has (and the filters cover) go to the trash. */
  private async prune(
    present: Set<string>,
    keep: (e: SourceEntry, markers: Set<string>) => boolean,
    markers: Set<string>,
  ): Promise<void> {
    const { db, config } = this.deps;
    const root = await this.folderId(this.args.destinationDir);
    const gone: string[] = [];
    for await (const page of destinationFiles(db, root, config.deleteBatchRows))
      for (const f of page) if (!present.has(f.path) && keep({ path: f.path, size: 0 }, markers)) gone.push(f.id);
    await trashFiles(db, this.row.user_id, gone, config.deleteBatchRows);
    this.progress.pruned = gone.length;
  }
}
