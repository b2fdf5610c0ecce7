import type { Deps } from "../deps.js";
import { type Job, recurringJob } from "../jobs/queue.js";
import { type PartRef, RECLAIM_JOB, reclaimParts } from "./parts.js";
import { reconcileParts } from "./reconcile.js";

const HOUR = 60 * 60 * 1000;

/** Reclaiming the parts a change left unused, and the periodic reconciliation of parts with the store. */
export function partJobs({ blobs }: Pick<Deps, "blobs">): Job[] {
  return [
    {
      kind: RECLAIM_JOB,
      run: async (payload, ctx) => {
        await reclaimParts(ctx.db, blobs, (payload as { parts: PartRef[] }).parts, ctx.renew);
        return undefined;
      },
    },
    recurringJob("reconcile-parts", { everyMs: 6 * HOUR, firstRunAfterMs: 10 * 60_000 }, (ctx) =>
      reconcileParts(ctx.db, blobs, ctx.renew),
    ),
  ];
}
