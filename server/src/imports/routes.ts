import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Queryable } from "../db/index.js";
import type { Deps } from "../deps.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { enqueue } from "../jobs/queue.js";
import { publicArgs, type SyncArgs, syncArgsSchema } from "./args.js";
import { RUN_COLUMNS, type RunRowOut, toJobStatus } from "./run-json.js";
import { FINAL_STATES, IMPORT_RUN_JOB, testSource } from "./runner.js";
import { nextTick } from "./schedules.js";
import { Sealer } from "./sealed.js";
import { knownHostsOf } from "./sources/known-hosts.js";
import { checkArgs } from "./validate.js";

const STATES = ["available", "running", "scheduled", "retryable", "completed", "cancelled", "discarded"] as const;

const listQuery = z.object({
  state: z.enum(STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
const runParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,18}$/)
    .transform(Number),
});
const scheduleParams = z.object({ id: z.uuid() });
const insertBody = z.object({
  kind: z.string(),
  args: syncArgsSchema,
  queue: z.string().max(64).optional(),
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
  maxAttempts: z.number().int().min(1).max(25).optional(),
});
const cron = z.string().min(1).max(200);
const createSchedule = z.object({
  name: z.string().min(1).max(200),
  enabled: z.boolean().default(true),
  cronExpression: cron,
  args: syncArgsSchema,
});
const updateSchedule = z.object({
  name: z.string().min(1).max(200).optional(),
  enabled: z.boolean().optional(),
  cronExpression: cron.optional(),
  args: syncArgsSchema.optional(),
});

/** Most runs kept per user: the oldest finished ones go when a new one is added. */
const KEEP_RUNS = 500;

interface ScheduleRow {
  id: string;
  name: string;
  enabled: boolean;
  cron: string;
  args_public: SyncArgs;
  created_at: Date;
  updated_at: Date;
  next_run_at: Date | null;
}

const scheduleSummary = (s: ScheduleRow) => ({
  id: s.id,
  name: s.name,
  kind: "sync.run",
  enabled: s.enabled,
  cronExpression: s.cron,
  createdAt: rfc3339(s.created_at),
  updatedAt: rfc3339(s.updated_at),
  ...(s.next_run_at && s.enabled ? { nextRunAt: rfc3339(s.next_run_at) } : {}),
});
const scheduleDetail = (s: ScheduleRow) => ({ ...scheduleSummary(s), args: s.args_public });

/**
 * Teldrive main's `/jobs` (runs of imports, kind `sync.run`) and `/periodic-jobs` (their cron schedules), plus
 * `POST /jobs/{id}/retry` (ours: runs a finished, failed or cancelled import again with its sealed arguments).
 */
export async function importRoutes(app: FastifyInstance, { db, config, jobs }: Deps) {
  const sealer = new Sealer(config);

  async function addRun(
    q: Queryable,
    userId: number,
    args: { public: unknown; sealed: string },
    opts: { scheduleId?: string; scheduledAt?: Date; maxAttempts?: number },
  ): Promise<RunRowOut> {
    const [run] = await q.query<RunRowOut>(
      `INSERT INTO import_runs (user_id, schedule_id, args_public, args_sealed, scheduled_at, max_attempts)
       VALUES ($1, $2, $3, $4, coalesce($5, now()), $6) RETURNING ${RUN_COLUMNS}`,
      [
        userId,
        opts.scheduleId ?? null,
        JSON.stringify(args.public),
        args.sealed,
        opts.scheduledAt ?? null,
        opts.maxAttempts ?? 5,
      ],
    );
    if (!run) throw new Error("run not added");
    await enqueue(q, IMPORT_RUN_JOB, { runId: run.id }, { runAt: opts.scheduledAt });
    // Old history goes, a batch at most per new run.
    await q.query(
      `DELETE FROM import_runs WHERE id IN (
         SELECT id FROM import_runs WHERE user_id = $1 AND state IN ('completed', 'cancelled', 'discarded')
         ORDER BY id DESC OFFSET $2 LIMIT 100)`,
      [userId, KEEP_RUNS],
    );
    return run;
  }

  async function ownRun(
    q: Queryable,
    userId: number,
    id: number,
    lock = false,
  ): Promise<RunRowOut & { args_sealed: string; cancel_requested: boolean }> {
    const [run] = await q.query<RunRowOut & { args_sealed: string; cancel_requested: boolean }>(
      `SELECT ${RUN_COLUMNS}, args_sealed, cancel_requested FROM import_runs WHERE id = $1 AND user_id = $2${lock ? " FOR UPDATE" : ""}`,
      [id, userId],
    );
    if (!run) throw notFound("job not found");
    return run;
  }

  async function ownSchedule(
    q: Queryable,
    userId: number,
    id: string,
    lock = false,
  ): Promise<ScheduleRow & { args_sealed: string }> {
    const [s] = await q.query<ScheduleRow & { args_sealed: string }>(
      `SELECT * FROM import_schedules WHERE id = $1 AND user_id = $2${lock ? " FOR UPDATE" : ""}`,
      [id, userId],
    );
    if (!s) throw notFound("periodic job not found");
    return s;
  }

  app.get("/jobs", async (req) => {
    const { userId } = req.user;
    const query = listQuery.parse(req.query);
    const stateSql =
      query.state === "scheduled"
        ? "AND state = 'available' AND scheduled_at > now()"
        : query.state === "available"
          ? "AND state = 'available' AND scheduled_at <= now()"
          : query.state
            ? "AND state = $4"
            : "";
    const params: unknown[] = [userId, query.cursor ?? null, query.limit + 1];
    if (query.state && query.state !== "scheduled" && query.state !== "available") params.push(query.state);
    const rows = await db.query<RunRowOut>(
      `SELECT ${RUN_COLUMNS} FROM import_runs WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2) ${stateSql}
       ORDER BY id DESC LIMIT $3`,
      params,
    );
    const counts = await db.query<{ state: string; n: number }>(
      `SELECT CASE WHEN state = 'available' AND scheduled_at > now() THEN 'scheduled' ELSE state END AS state,
         count(*)::int AS n FROM import_runs WHERE user_id = $1 GROUP BY 1`,
      [userId],
    );
    const byState = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<(typeof STATES)[number], number>;
    let all = 0;
    for (const c of counts) {
      if (c.state in byState) byState[c.state as (typeof STATES)[number]] = c.n;
      all += c.n;
    }
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toJobStatus),
      meta: rows.length > query.limit && last ? { nextCursor: String(last.id) } : {},
      counts: { all, ...byState },
    };
  });

  app.post("/jobs", async (req, reply) => {
    const { userId } = req.user;
    const body = insertBody.parse(req.body);
    if (body.kind !== "sync.run") throw badRequest(`unknown job kind "${body.kind}": this server runs sync.run`);
    await checkArgs(config, body.args);
    const run = await db.tx((q) =>
      addRun(
        q,
        userId,
        { public: publicArgs(body.args), sealed: sealer.seal(body.args) },
        { scheduledAt: body.scheduledAt ? new Date(body.scheduledAt) : undefined, maxAttempts: body.maxAttempts },
      ),
    );
    jobs.kick();
    return reply.status(202).send(toJobStatus(run));
  });

  app.get("/jobs/:id", async (req) => {
    const { id } = runParams.parse(req.params);
    return toJobStatus(await ownRun(db, req.user.userId, id));
  });

  app.post("/jobs/:id/cancel", async (req, reply) => {
    const { id } = runParams.parse(req.params);
    await db.tx(async (q) => {
      const run = await ownRun(q, req.user.userId, id, true);
      if (FINAL_STATES.has(run.state)) return;
      // A running one stops at its next progress check (within a second); a waiting one ends now.
      if (run.state === "running") await q.query("UPDATE import_runs SET cancel_requested = true WHERE id = $1", [id]);
      else
        await q.query(
          "UPDATE import_runs SET cancel_requested = true, state = 'cancelled', finalized_at = now() WHERE id = $1",
          [id],
        );
    });
    return reply.status(204).send();
  });

  app.post("/jobs/:id/retry", async (req, reply) => {
    const { id } = runParams.parse(req.params);
    const run = await db.tx(async (q) => {
      const old = await ownRun(q, req.user.userId, id, true);
      if (!FINAL_STATES.has(old.state) && old.state !== "retryable")
        throw conflict("this job is still waiting or running");
      const [again] = await q.query<RunRowOut>(
        `UPDATE import_runs SET state = 'available', attempt = 0, cancel_requested = false, scheduled_at = now(),
           started_at = NULL, finalized_at = NULL, progress = '{}' WHERE id = $1 RETURNING ${RUN_COLUMNS}`,
        [id],
      );
      await q.query("DELETE FROM jobs WHERE kind = $1 AND payload->>'runId' = $2", [IMPORT_RUN_JOB, String(id)]);
      await enqueue(q, IMPORT_RUN_JOB, { runId: id });
      return again;
    });
    jobs.kick();
    if (!run) throw notFound("job not found");
    return reply.status(202).send(toJobStatus(run));
  });

  app.delete("/jobs/:id/delete", async (req, reply) => {
    const { id } = runParams.parse(req.params);
    await db.tx(async (q) => {
      const run = await ownRun(q, req.user.userId, id, true);
      if (!FINAL_STATES.has(run.state)) throw conflict("only a completed, cancelled or discarded job can be deleted");
      await q.query("DELETE FROM import_runs WHERE id = $1", [id]);
    });
    return reply.status(204).send();
  });

  app.get("/periodic-jobs", async (req) => {
    const rows = await db.query<ScheduleRow>(
      "SELECT * FROM import_schedules WHERE user_id = $1 ORDER BY created_at, id LIMIT 1000",
      [req.user.userId],
    );
    return rows.map(scheduleSummary);
  });

  app.post("/periodic-jobs", async (req, reply) => {
    const body = createSchedule.parse(req.body);
    const next = nextTick(body.cronExpression);
    await checkArgs(config, body.args);
    const [row] = await db.query<ScheduleRow>(
      `INSERT INTO import_schedules (id, user_id, name, enabled, cron, args_public, args_sealed, next_run_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [
        crypto.randomUUID(),
        req.user.userId,
        body.name,
        body.enabled,
        body.cronExpression,
        JSON.stringify(publicArgs(body.args)),
        sealer.seal(body.args),
        next,
      ],
    );
    if (!row) throw new Error("schedule not added");
    return reply.status(201).send(scheduleDetail(row));
  });

  app.post("/periodic-jobs/test-connection", async (req, reply) => {
    const args = syncArgsSchema.parse(req.body);
    await checkArgs(config, args);
    await testSource(config, args, knownHostsOf(db, req.user.userId));
    return reply.status(204).send();
  });

  app.get("/periodic-jobs/:id", async (req) => {
    const { id } = scheduleParams.parse(req.params);
    return scheduleDetail(await ownSchedule(db, req.user.userId, id));
  });

  app.patch("/periodic-jobs/:id", async (req) => {
    const { id } = scheduleParams.parse(req.params);
    const body = updateSchedule.parse(req.body ?? {});
    if (body.args) await checkArgs(config, body.args);
    const row = await db.tx(async (q) => {
      const s = await ownSchedule(q, req.user.userId, id, true);
      const cronExpression = body.cronExpression ?? s.cron;
      const enabled = body.enabled ?? s.enabled;
      const [updated] = await q.query<ScheduleRow>(
        `UPDATE import_schedules SET name = $2, enabled = $3, cron = $4, next_run_at = $5,
           args_public = coalesce($6, args_public), args_sealed = coalesce($7, args_sealed), updated_at = now()
         WHERE id = $1 RETURNING *`,
        [
          id,
          body.name ?? s.name,
          enabled,
          cronExpression,
          nextTick(cronExpression),
          body.args ? JSON.stringify(publicArgs(body.args)) : null,
          body.args ? sealer.seal(body.args) : null,
        ],
      );
      return updated;
    });
    if (!row) throw notFound("periodic job not found");
    return scheduleDetail(row);
  });

  app.delete("/periodic-jobs/:id", async (req, reply) => {
    const { id } = scheduleParams.parse(req.params);
    const rows = await db.query("DELETE FROM import_schedules WHERE id = $1 AND user_id = $2 RETURNING id", [
      id,
      req.user.userId,
    ]);
    if (rows.length === 0) throw notFound("periodic job not found");
    return reply.status(204).send();
  });

  for (const [action, enabled] of [
    ["disable", false],
    ["enable", true],
  ] as const)
    app.post(`/periodic-jobs/:id/${action}`, async (req, reply) => {
      const { id } = scheduleParams.parse(req.params);
      await db.tx(async (q) => {
        const s = await ownSchedule(q, req.user.userId, id, true);
        await q.query("UPDATE import_schedules SET enabled = $2, next_run_at = $3, updated_at = now() WHERE id = $1", [
          id,
          enabled,
          nextTick(s.cron),
        ]);
      });
      return reply.status(204).send();
    });

  app.post("/periodic-jobs/:id/run", async (req, reply) => {
    const { id } = scheduleParams.parse(req.params);
    const run = await db.tx(async (q) => {
      const s = await ownSchedule(q, req.user.userId, id, true);
      // Not a tick of the schedule: no schedule id, so it never collides with one.
      return addRun(q, req.user.userId, { public: s.args_public, sealed: s.args_sealed }, {});
    });
    jobs.kick();
    return reply.status(202).send(toJobStatus(run));
  });
}
