import { rfc3339 } from "../http/rfc3339.js";
import type { RunProgress } from "./runner.js";

export interface RunRowOut {
  id: number;
  state: string;
  attempt: number;
  max_attempts: number;
  args_public: unknown;
  progress: Partial<RunProgress>;
  errors: { message: string; detail?: string }[];
  schedule_id: string | null;
  created_at: Date;
  scheduled_at: Date;
  started_at: Date | null;
  finalized_at: Date | null;
}

export const RUN_COLUMNS =
  "id, state, attempt, max_attempts, args_public, progress, errors, schedule_id, created_at, scheduled_at, started_at, finalized_at";

/** A run as Teldrive main's `JobStatus`; what it imports and its byte counts ride in `output.data`. */
export function toJobStatus(r: RunRowOut) {
  const p = r.progress;
  const bytesTotal = p.bytesTotal ?? 0;
  const percent =
    r.state === "completed"
      ? 100
      : bytesTotal > 0
        ? Math.min(99, Math.floor(((p.bytesDone ?? 0) * 100) / bytesTotal))
        : 0;
  const state = r.state === "available" && r.scheduled_at.getTime() > Date.now() ? "scheduled" : r.state;
  return {
    id: r.id,
    kind: "sync.run",
    queue: "default",
    state,
    attempt: r.attempt,
    maxAttempts: r.max_attempts,
    createdAt: rfc3339(r.created_at),
    scheduledAt: rfc3339(r.scheduled_at),
    ...(r.started_at ? { startedAt: rfc3339(r.started_at) } : {}),
    ...(r.finalized_at ? { finalizedAt: rfc3339(r.finalized_at) } : {}),
    output: {
      progress: { total: p.total ?? 0, done: p.done ?? 0, percent },
      data: {
        args: r.args_public,
        bytesDone: p.bytesDone ?? 0,
        bytesTotal,
        skipped: p.skipped ?? 0,
        pruned: p.pruned ?? 0,
        ...(p.currentFile ? { currentFile: p.currentFile } : {}),
        ...(r.schedule_id ? { periodicJobId: r.schedule_id } : {}),
      },
    },
    errors: r.errors,
  };
}
