import type { Config } from "../config.js";
import type { Queryable } from "../db/index.js";
import { HttpError } from "../http/errors.js";
import { enqueue, type JobHandler } from "../jobs/queue.js";

/**
 * The batched writer: every request that may write many rows (a copy of a folder tree, a restore from the trash,
 * emptying the trash, and later imports) writes them in steps of at most `DELETE_BATCH_ROWS` rows, like a tree
 * delete does (tree-delete.ts; docs/architecture.md, "Bulk writes"). The request takes as many steps as one batch
 * allows in its own transaction and answers; what is left becomes a job in that same transaction (jobs/queue.ts),
 * which takes one step per transaction, so a crash between steps loses nothing and the job goes on after a restart.
 * A job works for a while and then lets the other jobs due go first, so one user's big copy does not hold up
 * another's. No statement a step runs writes more than one batch of rows.
 *
 * Limits per user: at most `BULK_JOBS_PER_USER` such jobs at once, at most MAX_ITEMS_PER_REQUEST items named in one
 * request, and a copy of at most `BULK_MAX_ROWS` rows; beyond any of them the answer is 429 and nothing changes.
 */

/** A write of many rows, taken a step at a time. The work it has left lives in the database, not in memory. */
export interface BatchedWrite<P> {
  /** The job kind that takes the steps left after the request. */
  readonly job: string;
  /**
   * Writes at most `limit` rows (or looks at that many) of the work `payload` describes. `done` once nothing is left;
   * a step must then have removed any state of its own. A step run again after a crash must do the right thing.
   */
  step(q: Queryable, payload: P, limit: number): Promise<{ rows: number; done: boolean }>;
}

/** Most items (ids) one move, delete or restore may name. */
export const MAX_ITEMS_PER_REQUEST = 1000;

/** How long a job takes steps before the other due jobs (other users' too) get their turn. */
const SLICE_MS = 500;

export const tooMany = (message: string) => new HttpError(429, message);

/** 429 when a request names more items than one request may. */
export function checkItemCount(ids: string[]): void {
  const count = new Set(ids).size;
  if (count > MAX_ITEMS_PER_REQUEST)
    throw tooMany(
      `${count} items in one request; at most ${MAX_ITEMS_PER_REQUEST.toLocaleString("en")} at a time: send the rest in another request`,
    );
}

export interface BatchedStart {
  userId: number;
  /** Rows the request may write before it answers. */
  budget: number;
  config: Pick<Config, "bulkJobsPerUser">;
  /** Runs before the job is queued (not when the request did everything): a further limit may refuse it. */
  beforeQueue?: () => Promise<void>;
}

/**
 * Takes steps of `write` in the caller's transaction until `budget` rows are written; if work is left, queues its
 * job for the user (429 when the user already has `bulkJobsPerUser` of them). Returns true when all is done.
 */
export async function writeInBatches<P>(q: Queryable, write: BatchedWrite<P>, payload: P, opts: BatchedStart) {
  let left = opts.budget;
  while (left > 0) {
    const { rows, done } = await write.step(q, payload, left);
    if (done) return true;
    left -= Math.max(rows, 1);
  }
  // Taken per user so two requests at once cannot both pass the count.
  await q.query("SELECT pg_advisory_xact_lock(7002, $1::int)", [opts.userId % 2_147_483_647]);
  const [running] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE user_id = $1", [
    opts.userId,
  ]);
  if ((running?.n ?? 0) >= opts.config.bulkJobsPerUser)
    throw tooMany(
      `${running?.n} big copies, restores or trash emptyings of yours are still running in the background; try again once one has finished`,
    );
  await opts.beforeQueue?.();
  await enqueue(q, write.job, payload, { userId: opts.userId });
  return false;
}

/** The job of `write`: one step per transaction until done, yielding to the other due jobs every SLICE_MS. */
export function batchedJob<P>(write: BatchedWrite<P>, batchRows: number): JobHandler {
  return async (payload, ctx) => {
    const started = Date.now();
    do {
      const { done } = await ctx.db.background.tx((q) => write.step(q, payload as P, batchRows));
      if (done) return undefined;
    } while (Date.now() - started < SLICE_MS);
    // Due again now, behind the jobs that were due before.
    return new Date();
  };
}
