import type { Deps } from "../deps.js";
import { type Job, recurringJob } from "../jobs/queue.js";
import { BACKFILL_PAUSE_MS, backfillTakenAt, TAKEN_AT_BACKFILL_JOB } from "./backfill-taken-at.js";
import { pruneThumbnails } from "./prune.js";

/**
 * Daily: the cached pictures of deleted files and older versions go. Until it is over: the pass that dates pictures
 * and videos rendered before dates were read, a few files every few seconds (not under COMPAT: Teldrive has no
 * takenAt). Once over, it is added again at each start, finds it is over, and goes.
 */
export function thumbnailJobs({ thumbnails, blobs, config }: Pick<Deps, "thumbnails" | "blobs" | "config">): Job[] {
  const jobs = [
    recurringJob("prune-thumbnails", { everyMs: 24 * 60 * 60_000, firstRunAfterMs: 60 * 60_000 }, (ctx) =>
      pruneThumbnails(ctx.db, thumbnails),
    ),
  ];
  if (!config.teldrive18)
    jobs.push({
      kind: TAKEN_AT_BACKFILL_JOB,
      firstRunAfterMs: 5 * 60_000,
      run: async (_payload, ctx) => {
        const more = await backfillTakenAt(ctx.db, blobs, (file, err) =>
          console.error(`taken-at backfill: file ${file.id} not read: ${err instanceof Error ? err.message : err}`),
        );
        return more ? new Date(Date.now() + BACKFILL_PAUSE_MS) : undefined;
      },
    });
  return jobs;
}
