import { type Job, recurringJob } from "../jobs/queue.js";
import { pruneShareAttempts } from "./share-guard.js";

/** Share-password failures and passes that no check looks at any more go every 10 minutes. */
export const shareJobs: Job[] = [
  recurringJob("expire-share-attempts", { everyMs: 10 * 60_000, firstRunAfterMs: 10 * 60_000 }, (ctx) =>
    pruneShareAttempts(ctx.db.background),
  ),
];
