import { pruneSignIns } from "../auth/sign-in-state.js";
import type { Config } from "../config.js";
import type { Db } from "../db/index.js";
import { batchedJob } from "../files/bulk-write.js";
import { emptyTrashWrite, PURGE_TRASH_JOB, purgeOldTrash, restoreWrite } from "../files/trash.js";
import { copyWrite } from "../files/tree-copy.js";
import { SETTLE_TREES_JOB, settleInBackground } from "../files/tree-delete.js";
import { type PartRef, RECLAIM_JOB, reclaimParts } from "../parts/parts.js";
import { reconcileParts } from "../parts/reconcile.js";
import { pruneShareAttempts } from "../shares/share-guard.js";
import type { Blobs } from "../storage/blobs.js";
import type { ThumbnailCache } from "../thumbnails/cache.js";
import { pruneThumbnails } from "../thumbnails/prune.js";
import { expireUploads } from "../uploads/cleanup.js";
import { enqueue, JobQueue } from "./queue.js";

export { enqueue, JobQueue } from "./queue.js";

const HOUR = 60 * 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

/**
 * The server's jobs: settling deleted trees, reclaiming parts, and the recurring upload expiry, part reconciliation,
 * thumbnail pruning, trash purge and removal of sign-in and share-password records that no check looks at any more.
 */
export function createJobQueue({
  db,
  blobs,
  config,
  thumbnails,
}: {
  db: Db;
  blobs: Blobs;
  config: Config;
  thumbnails: ThumbnailCache;
}): JobQueue {
  return new JobQueue(db, {
    [RECLAIM_JOB]: async (payload, ctx) => {
      await reclaimParts(ctx.db, blobs, (payload as { parts: PartRef[] }).parts, ctx.renew);
      return undefined;
    },
    // Bulk writes of one user (files/bulk-write.ts): copies, restores and emptied trashes, a batch per transaction.
    [copyWrite.job]: batchedJob(copyWrite, config.deleteBatchRows),
    [restoreWrite.job]: batchedJob(restoreWrite, config.deleteBatchRows),
    [emptyTrashWrite.job]: batchedJob(emptyTrashWrite, config.deleteBatchRows),
    [SETTLE_TREES_JOB]: async (payload, ctx) => {
      await settleInBackground(ctx.db.background, (payload as { roots: string[] }).roots, config.deleteBatchRows);
      return undefined;
    },
    // Teldrive's clean-uploads-interval: twice a day.
    "expire-uploads": async (_payload, ctx) => {
      await expireUploads(ctx.db);
      return later(12 * HOUR);
    },
    "reconcile-parts": async (_payload, ctx) => {
      await reconcileParts(ctx.db, blobs, ctx.renew);
      return later(6 * HOUR);
    },
    "prune-thumbnails": async (_payload, ctx) => {
      await pruneThumbnails(ctx.db, thumbnails);
      return later(24 * HOUR);
    },
    // Items deleted more than TRASH_KEEP_DAYS ago; their parts then go through the reclaim job.
    [PURGE_TRASH_JOB]: async (_payload, ctx) => {
      await purgeOldTrash(ctx.db.background, config.deleteBatchRows, ctx.renew);
      return later(HOUR);
    },
    "expire-attempts": async (_payload, ctx) => {
      await pruneSignIns(ctx.db.background);
      await pruneShareAttempts(ctx.db.background);
      return later(10 * 60_000);
    },
  });
}

/** Adds the recurring jobs once (several instances may start; each job exists once). */
export async function scheduleRecurringJobs(db: Db): Promise<void> {
  await enqueue(db.background, "expire-uploads", {}, { key: "expire-uploads", runAt: later(60_000) });
  await enqueue(db.background, "reconcile-parts", {}, { key: "reconcile-parts", runAt: later(10 * 60_000) });
  await enqueue(db.background, "prune-thumbnails", {}, { key: "prune-thumbnails", runAt: later(HOUR) });
  await enqueue(db.background, PURGE_TRASH_JOB, {}, { key: PURGE_TRASH_JOB, runAt: later(5 * 60_000) });
  await enqueue(db.background, "expire-attempts", {}, { key: "expire-attempts", runAt: later(10 * 60_000) });
}
