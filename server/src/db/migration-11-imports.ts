/**
 * Imports (server/src/imports): Teldrive main's `/jobs` and `/periodic-jobs` for `sync.run`.
 *
 * - `import_runs`: one run of an import (a Teldrive "job"), its state and progress; the durable queue
 *   (`jobs`, kind `import.run`) does the work. `args_public` is what the API shows (no password, key or header
 *   value); `args_sealed` the whole arguments, sealed with AES-256-GCM (imports/sealed.ts).
 * - `import_schedules`: cron schedules (`periodic-jobs`). `next_run_at` is the claim: an instance fires a schedule by
 *   moving it forward in the transaction that adds the run, so each tick fires once however many instances look.
 *   The unique (schedule, scheduled_at) index makes a second run of one tick impossible even so.
 */
export const importsMigration: string[] = [
  `CREATE TABLE import_schedules (
     id uuid PRIMARY KEY,
     user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
     name text NOT NULL,
     enabled boolean NOT NULL DEFAULT true,
     cron text NOT NULL,
     args_public jsonb NOT NULL,
     args_sealed text NOT NULL,
     next_run_at timestamptz,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  "CREATE INDEX import_schedules_user ON import_schedules (user_id, created_at)",
  "CREATE INDEX import_schedules_due ON import_schedules (next_run_at) WHERE enabled",
  `CREATE TABLE import_runs (
     id bigserial PRIMARY KEY,
     user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
     schedule_id uuid REFERENCES import_schedules ON DELETE SET NULL,
     state text NOT NULL DEFAULT 'available',
     attempt integer NOT NULL DEFAULT 0,
     max_attempts integer NOT NULL DEFAULT 5,
     cancel_requested boolean NOT NULL DEFAULT false,
     args_public jsonb NOT NULL,
     args_sealed text NOT NULL,
     progress jsonb NOT NULL DEFAULT '{}',
     errors jsonb NOT NULL DEFAULT '[]',
     ran_on integer,
     created_at timestamptz NOT NULL DEFAULT now(),
     scheduled_at timestamptz NOT NULL DEFAULT now(),
     started_at timestamptz,
     finalized_at timestamptz
   )`,
  "CREATE INDEX import_runs_user ON import_runs (user_id, id DESC)",
  "CREATE UNIQUE INDEX import_runs_tick ON import_runs (schedule_id, scheduled_at) WHERE schedule_id IS NOT NULL",
];
