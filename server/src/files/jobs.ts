import type { Deps } from "../deps.js";
import { type Job, recurringJob } from "../jobs/queue.js";
import { batchedJob } from "./bulk-write.js";
import { emptyTrashWrite, PURGE_TRASH_JOB, purgeOldTrash, restoreWrite } from "./trash.js";
import { copyWrite } from "./tree-copy.js";
import { SETTLE_TREES_JOB, settleInBackground } from "./tree-delete.js";

/**
 * Settling the rest of a big deleted tree, the rest of one user's bulk writes (copies, restores, emptied trashes: a
 * batch per transaction, files/bulk-write.ts), and purging the trash's old items (their parts then go to reclaim).
 */
export function fileJobs({ config }: Pick<Deps, "config">): Job[] {
  return [
    {
      kind: SETTLE_TREES_JOB,
      run: async (payload, ctx) => {
        await settleInBackground(ctx.db.background, (payload as { roots: string[] }).roots, config.deleteBatchRows);
        return undefined;
      },
    },
    { kind: copyWrite.job, run: batchedJob(copyWrite, config.deleteBatchRows) },
    { kind: restoreWrite.job, run: batchedJob(restoreWrite, config.deleteBatchRows) },
    { kind: emptyTrashWrite.job, run: batchedJob(emptyTrashWrite, config.deleteBatchRows) },
    // Items deleted more than TRASH_KEEP_DAYS ago.
    recurringJob(PURGE_TRASH_JOB, { everyMs: 60 * 60_000, firstRunAfterMs: 5 * 60_000 }, (ctx) =>
      purgeOldTrash(ctx.db.background, config.deleteBatchRows, ctx.renew),
    ),
  ];
}
