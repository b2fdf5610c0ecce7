import { type Job, recurringJob } from "../jobs/queue.js";
import { pruneEvents } from "./prune.js";

/** Old events go every 10 minutes (Teldrive main's `clean.old_events`). */
export const eventJobs: Job[] = [
  recurringJob("prune-events", { everyMs: 10 * 60_000, firstRunAfterMs: 10 * 60_000 }, (ctx) =>
    pruneEvents(ctx.db.background),
  ),
];
