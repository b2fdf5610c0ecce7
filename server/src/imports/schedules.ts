import { Cron } from "croner";
import type { Db } from "../db/index.js";
import { badRequest } from "../http/errors.js";
import { enqueue } from "../jobs/queue.js";
import { IMPORT_RUN_JOB } from "./runner.js";

export const IMPORT_SCHEDULES_JOB = "import-schedules";
/** How often an instance looks for schedules that are due (so a tick fires at most this late). */
export const SCHEDULE_CHECK_MS = 5_000;
const DUE_BATCH = 100;

/** The next time `cron` (5 fields, or 6 with seconds first; UTC) fires after `after`; 400 when it is not valid. */
export function nextTick(cron: string, after = new Date()): Date {
  let job: Cron;
  try {
    job = new Cron(cron, { timezone: "UTC", paused: true });
  } catch (err) {
    throw badRequest(`cronExpression is not valid: ${err instanceof Error ? err.message : err}`);
  }
  const next = job.nextRun(after);
  if (!next) throw badRequest("cronExpression never fires");
  return next;
}

/**
 * Fires every due schedule once: in one transaction per batch, it locks the due rows (other instances skip them),
 * moves each to its next tick and adds a run for the tick it fired (unique per schedule and tick), so however many
 * instances look at once, each tick makes one run.
 */
export async function fireDueSchedules(db: Db): Promise<number> {
  let fired = 0;
  for (;;) {
    const n = await db.background.tx(async (q) => {
      const due = await q.query<{
        id: string;
        user_id: number;
        cron: string;
        next_run_at: Date;
        args_public: unknown;
        args_sealed: string;
      }>(
        `SELECT id, user_id, cron, next_run_at, args_public, args_sealed FROM import_schedules
         WHERE enabled AND next_run_at <= now() ORDER BY next_run_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [DUE_BATCH],
      );
      for (const s of due) {
        let next: Date | null = null;
        try {
          next = nextTick(s.cron);
        } catch {
          // A schedule whose expression no longer parses stops rather than failing every look.
        }
        await q.query("UPDATE import_schedules SET next_run_at = $2 WHERE id = $1", [s.id, next]);
        const [run] = await q.query<{ id: number }>(
          `INSERT INTO import_runs (user_id, schedule_id, args_public, args_sealed, scheduled_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
          [s.user_id, s.id, JSON.stringify(s.args_public), s.args_sealed, s.next_run_at],
        );
        if (run) await enqueue(q, IMPORT_RUN_JOB, { runId: run.id });
      }
      return due.length;
    });
    fired += n;
    if (n < DUE_BATCH) return fired;
  }
}
