import type { Deps } from "../deps.js";
import { type Job, recurringJob } from "../jobs/queue.js";
import { IMPORT_RUN_JOB, type ProgressListener, runImport } from "./runner.js";
import { fireDueSchedules, IMPORT_SCHEDULES_JOB, SCHEDULE_CHECK_MS } from "./schedules.js";
import { Sealer } from "./sealed.js";

/** Import runs (`import.run`: one per run, retried with back-off by the queue) and the schedule check. */
export function importJobs(
  { db, blobs, config }: Pick<Deps, "db" | "blobs" | "config">,
  onProgress?: ProgressListener,
): Job[] {
  const sealer = new Sealer(config);
  return [
    {
      kind: IMPORT_RUN_JOB,
      run: async (payload, ctx) => {
        await runImport({ db, blobs, config, sealer, onProgress }, (payload as { runId: number }).runId, ctx);
        return undefined;
      },
    },
    recurringJob(IMPORT_SCHEDULES_JOB, { everyMs: SCHEDULE_CHECK_MS, firstRunAfterMs: SCHEDULE_CHECK_MS }, (ctx) =>
      fireDueSchedules(ctx.db),
    ),
  ];
}
