import { type Job, recurringJob } from "../jobs/queue.js";
import { expireUploads } from "./cleanup.js";

/** Uploads nobody finished expire, as Teldrive's clean-uploads-interval does: twice a day. */
export const uploadJobs: Job[] = [
  recurringJob("expire-uploads", { everyMs: 12 * 60 * 60_000, firstRunAfterMs: 60_000 }, (ctx) =>
    expireUploads(ctx.db),
  ),
];
