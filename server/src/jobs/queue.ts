import type { Db, Queryable } from "../db/index.js";
import { LIVE_INSTANCES } from "../db/instance.js";

/**
 * The durable background queue: a `jobs` row per job, written in the same transaction as the change that needs
 * it, so a change and its follow-up work commit together or not at all.
 *
 * Any number of server instances may share the queue. An instance claims a due job by taking a lease on it and
 * writing its id into `claimed_by` (`FOR UPDATE SKIP LOCKED` picks a row no other instance is claiming); while the
 * lease lasts no other instance runs the job. The instance renews the lease every few seconds while the handler runs
 * (however long it waits, on a lock or on the store), so a lease ends only when its instance stops: a job whose
 * instance died is claimed again at once on PostgreSQL (db/instance.ts tells which instances run) and at the latest
 * when its lease ends, so handlers are idempotent: running one twice, or again after a crash half-way, does the
 * right thing. An instance finishes, renews or fails only a job it still holds, and claims only kinds it has a
 * handler for (during a rolling upgrade an older instance leaves a newer kind to the newer ones). On failure a job
 * waits longer each time (up to 10 min) and runs again.
 */

export interface JobContext {
  db: Db;
  /** Extends the lease now (the queue also does so every few seconds while the handler runs). */
  renew(): Promise<void>;
}

/** Runs a job; returning a Date makes a recurring job run again then (instead of being removed). */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<Date | undefined>;

/**
 * One kind of background work, owned by the area that does it (its `jobs.ts`); app.ts gives every area's kinds to
 * the queue (createJobQueue) and adds the recurring ones at start (scheduleRecurring).
 */
export interface Job {
  kind: string;
  run: JobHandler;
  /** Set for a recurring job: it is added once (keyed by its kind), first due this long after the first start. */
  firstRunAfterMs?: number;
}

/** A job that does `work` every `everyMs`, the first time `firstRunAfterMs` after the server first started. */
export function recurringJob(
  kind: string,
  { everyMs, firstRunAfterMs }: { everyMs: number; firstRunAfterMs: number },
  work: (ctx: JobContext) => Promise<unknown>,
): Job {
  return {
    kind,
    firstRunAfterMs,
    run: async (_payload, ctx) => {
      await work(ctx);
      return new Date(Date.now() + everyMs);
    },
  };
}

interface JobRow {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
}

const LEASE_SECONDS = 30;
const RENEW_EVERY_MS = 10_000;
const POLL_MS = 5_000;
const MAX_BACKOFF_S = 600;

/**
 * Adds a job, in the caller's transaction. A job with a `key` exists once: adding it again changes nothing. `userId`:
 * the user whose request it works for (files/bulk-write.ts limits how many such jobs a user has).
 */
export async function enqueue(
  q: Queryable,
  kind: string,
  payload: unknown,
  opts: { key?: string; runAt?: Date; userId?: number } = {},
): Promise<void> {
  await q.query(
    `INSERT INTO jobs (kind, key, payload, run_at, user_id) VALUES ($1, $2, $3, coalesce($4, now()), $5)
     ON CONFLICT (key) DO NOTHING`,
    [kind, opts.key ?? null, JSON.stringify(payload), opts.runAt ?? null, opts.userId ?? null],
  );
}

/**
 * Makes the user's jobs that failed and wait for their next try (`enqueue`'s `userId`) due now: what held them, such
 * as a WebDAV lock, has ended.
 */
export async function retryUserJobsNow(q: Queryable, userId: number): Promise<void> {
  await q.query("UPDATE jobs SET run_at = now() WHERE user_id = $1 AND last_error IS NOT NULL AND run_at > now()", [
    userId,
  ]);
}

/** Adds the recurring jobs once (several instances may start; each job exists once). */
export async function scheduleRecurring(q: Queryable, jobs: readonly Job[]): Promise<void> {
  for (const job of jobs) {
    if (job.firstRunAfterMs === undefined) continue;
    await enqueue(q, job.kind, {}, { key: job.kind, runAt: new Date(Date.now() + job.firstRunAfterMs) });
  }
}

/** The queue working the given kinds of job. */
export function createJobQueue(db: Db, jobs: readonly Job[]): JobQueue {
  return new JobQueue(db, Object.fromEntries(jobs.map((job) => [job.kind, job.run])));
}

export class JobQueue {
  private stopped = true;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
  ) {}

  /** Starts working. On PGlite no other instance can hold a lease, so leases of a previous run end at once. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.db.kind === "pglite") await this.db.background.query("UPDATE jobs SET lease_until = NULL");
    this.loop = this.work();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  /** A job was added: look now rather than at the next poll. */
  kick(): void {
    this.wake?.();
  }

  /** Resolves once no job is due (tests and benchmarks wait on it). */
  whenIdle(): Promise<void> {
    this.kick();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async work(): Promise<void> {
    while (!this.stopped) {
      let ran = false;
      try {
        ran = await this.runOne();
      } catch (err) {
        console.error(`job queue: ${err instanceof Error ? err.message : err}`);
      }
      if (ran) continue;
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        timer.unref();
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Claims and runs one due job; false when none is due. */
  private async runOne(): Promise<boolean> {
    const bg = this.db.background;
    const me = this.db.instanceId;
    // PGlite has one instance, and start() ended the leases of its previous run.
    const holderGone = this.db.kind === "postgres" ? `OR claimed_by NOT IN (${LIVE_INSTANCES})` : "";
    const [job] = await bg.query<JobRow>(
      `UPDATE jobs SET lease_until = now() + make_interval(secs => $1), attempts = attempts + 1, claimed_by = $2
       WHERE id = (SELECT id FROM jobs WHERE run_at <= now() AND kind = ANY($3::text[])
                     AND (lease_until IS NULL OR lease_until < now() ${holderGone})
                   ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, payload, attempts`,
      [LEASE_SECONDS, me, Object.keys(this.handlers)],
    );
    if (!job) return false;
    const handler = this.handlers[job.kind];
    const renew = async () => {
      await bg.query(
        "UPDATE jobs SET lease_until = now() + make_interval(secs => $2) WHERE id = $1 AND claimed_by = $3",
        [job.id, LEASE_SECONDS, me],
      );
    };
    const heartbeat = setInterval(() => {
      renew().catch((err: unknown) =>
        console.error(`job ${job.kind} #${job.id}: lease not renewed: ${err instanceof Error ? err.message : err}`),
      );
    }, RENEW_EVERY_MS);
    heartbeat.unref();
    let outcome: { again: Date | undefined } | { error: unknown };
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      outcome = { again: await handler(job.payload, { db: this.db, renew }) };
    } catch (error) {
      outcome = { error };
    } finally {
      clearInterval(heartbeat);
    }
    if ("error" in outcome) {
      const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      console.error(`job ${job.kind} #${job.id} failed (attempt ${job.attempts}): ${message}`);
      const wait = Math.min(2 ** job.attempts, MAX_BACKOFF_S);
      await bg.query(
        `UPDATE jobs SET run_at = now() + make_interval(secs => $2), lease_until = NULL, last_error = $3
         WHERE id = $1 AND claimed_by = $4`,
        [job.id, wait, message, me],
      );
    } else if (outcome.again)
      await bg.query(
        "UPDATE jobs SET run_at = $2, lease_until = NULL, attempts = 0, last_error = NULL WHERE id = $1 AND claimed_by = $3",
        [job.id, outcome.again, me],
      );
    else await bg.query("DELETE FROM jobs WHERE id = $1 AND claimed_by = $2", [job.id, me]);
    return true;
  }
}
