import { type Job, recurringJob } from "../jobs/queue.js";
import { pruneSignIns } from "./sign-in-state.js";

/** Sign-in codes, grants and request records that no check looks at any more go every 10 minutes. */
export const signInJobs: Job[] = [
  recurringJob("expire-attempts", { everyMs: 10 * 60_000, firstRunAfterMs: 10 * 60_000 }, (ctx) =>
    pruneSignIns(ctx.db.background),
  ),
];
