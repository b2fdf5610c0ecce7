import type { Deps } from "../deps.js";
import { type Job, recurringJob } from "../jobs/queue.js";
import { pruneThumbnails } from "./prune.js";

/** Daily: the cached pictures of deleted files and older versions go. */
export function thumbnailJobs({ thumbnails }: Pick<Deps, "thumbnails">): Job[] {
  return [
    recurringJob("prune-thumbnails", { everyMs: 24 * 60 * 60_000, firstRunAfterMs: 60 * 60_000 }, (ctx) =>
      pruneThumbnails(ctx.db, thumbnails),
    ),
  ];
}
