import type { FastifyInstance } from "fastify";
import type { Db } from "../db/index.js";
import type { Deps } from "../deps.js";
import { HttpError } from "../http/errors.js";
import { EVENT_COLUMNS, EventHub, toLogEvent } from "./hub.js";
import { heartbeatMs, lastEventId, typesFilter } from "./lib/types-filter.js";
import { EventStream } from "./stream.js";

/** The most events a reconnecting client is sent to catch up; further behind, it is told to reload. */
export const MAX_REPLAY = 1000;
/** Streams one user may hold on one instance (each tab has one; scripts a few). */
const STREAMS_PER_USER = 100;
/** `GET /events` (polling): the newest events of the last hour, at most this many. */
const POLL_LIMIT = 100;

const live = new WeakMap<Db, { hub: EventHub; streams: Set<EventStream> }>();
/** This instance's hub and open streams on `db` (tests look at what they hold). */
export const liveEventsOf = (db: Db) => live.get(db);

export async function eventRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const hub = new EventHub(db);
  const streams = new Set<EventStream>();
  live.set(db, { hub, streams });
  const perUser = new Map<number, number>();
  app.addHook("onReady", () => hub.start());
  // Open streams would keep the server from closing: end them first.
  app.addHook("preClose", async () => {
    for (const s of streams) s.end();
  });
  app.addHook("onClose", () => hub.stop());

  app.get("/events", async (req) => {
    const rows = await db.query<Parameters<typeof toLogEvent>[0]>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE user_id = $1 AND created_at > now() - interval '1 hour'
       ORDER BY seq DESC LIMIT ${POLL_LIMIT}`,
      [req.user.userId],
    );
    return rows.map((r) => JSON.parse(toLogEvent(r).json) as unknown);
  });

  // No HEAD twin: it would open a stream too.
  app.get("/events/stream", { exposeHeadRoute: false }, async (req, reply) => {
    const { userId } = req.user;
    const query = req.query as Record<string, string | string[] | undefined>;
    if ((perUser.get(userId) ?? 0) >= STREAMS_PER_USER) throw new HttpError(429, "too many open event streams");
    const wanted = typesFilter(query.types);
    const resumeFrom = lastEventId(req.headers["last-event-id"] ?? query.lastEventId);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      Connection: "keep-alive",
      // nginx buffers proxied responses unless told not to; an event stream must pass at once.
      "X-Accel-Buffering": "no",
    });
    const stream = new EventStream(res, {
      position: resumeFrom ?? hub.position(),
      heartbeatMs: heartbeatMs(query.interval),
    });
    streams.add(stream);
    perUser.set(userId, (perUser.get(userId) ?? 0) + 1);

    // Live events are held while the missed ones are read, so none falls between the two.
    let held: Parameters<EventStream["send"]>[0][] | undefined = [];
    let heldOverflow = false;
    const unsubscribe = hub.subscribe(userId, (event) => {
      if (!wanted(event.type)) return;
      if (!held) stream.send(event);
      else if (held.length < MAX_REPLAY) held.push(event);
      else heldOverflow = true;
    });
    res.on("close", () => {
      unsubscribe();
      streams.delete(stream);
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    });
    // Sent at once so the client (and every proxy) sees the stream open; `retry`: reconnect after 2 s.
    res.write("retry: 2000\n: connected\n\n");

    try {
      const sent = resumeFrom === undefined ? new Set<number>() : await catchUp(stream, userId, resumeFrom, wanted);
      if (heldOverflow) stream.reload("overflow", hub.position());
      else for (const event of held ?? []) if (!sent.has(event.seq)) stream.send(event);
      held = undefined;
    } catch (err) {
      req.log.error(err);
      stream.end();
    }
  });

  /** Sends what a reconnecting client missed after `from`, or a reload; returns the positions sent. */
  async function catchUp(stream: EventStream, userId: number, from: number, wanted: (t: string) => boolean) {
    const sent = new Set<number>();
    const [state] = await db.query<{ pruned: string | null; newest: number | null }>(
      `SELECT (SELECT value FROM app_state WHERE key = 'events_pruned_through') AS pruned,
              (SELECT max(seq) FROM events) AS newest`,
    );
    const newest = Math.max(Number(state?.newest ?? 0), hub.position());
    // Older than what was pruned, or ahead of the log (a database restored from a backup): not resumable.
    if (from < Number(state?.pruned ?? 0) || from > newest) {
      stream.reload(from > newest ? "behind" : "pruned", newest);
      return sent;
    }
    const rows = await db.query<Parameters<typeof toLogEvent>[0]>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT ${MAX_REPLAY + 1}`,
      [userId, from],
    );
    if (rows.length > MAX_REPLAY) {
      stream.reload("behind", newest);
      return sent;
    }
    for (const row of rows) {
      const event = toLogEvent(row);
      sent.add(event.seq);
      if (wanted(event.type)) stream.send(event);
    }
    return sent;
  }
}
