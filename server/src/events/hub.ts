import type { Db } from "../db/index.js";
import { rfc3339 } from "../http/rfc3339.js";

/** One row of the change log, ready to send: `json` is Teldrive main's `Event`. */
export interface LogEvent {
  seq: number;
  userId: number;
  type: string;
  json: string;
}

interface EventRow {
  seq: number;
  id: string;
  user_id: number;
  type: string;
  source: unknown;
  created_at: Date | string;
}

export const EVENT_COLUMNS = "seq, id, user_id, type, source, created_at";

export function toLogEvent(row: EventRow): LogEvent {
  const createdAt = rfc3339(new Date(row.created_at));
  const source = typeof row.source === "string" ? JSON.parse(row.source) : row.source;
  return {
    seq: Number(row.seq),
    userId: Number(row.user_id),
    type: row.type,
    json: JSON.stringify({ id: row.id, type: row.type, createdAt, source }),
  };
}

/** Rows read per statement; a bigger backlog is read in several. */
const BATCH = 1000;
/** A fallback read when no notification came (a lost LISTEN connection is opened again meanwhile). */
const POLL_MS = 5_000;
/**
 * A sequence number skipped by a read may belong to a transaction still running (numbers are taken at insert,
 * transactions commit in any order), so it is looked for again until this old; after that it was rolled back.
 */
const HOLE_MS = 60_000;
const MAX_HOLES = 10_000;

type Listener = (event: LogEvent) => void;

/**
 * Reads the change log once per instance (not once per connection) and hands each user's events to that user's
 * streams. Woken by `NOTIFY drive_events` (db.listen), with a slow poll as a fallback.
 */
export class EventHub {
  private cursor = 0;
  private readonly holes = new Map<number, number>();
  private readonly listeners = new Map<number, Set<Listener>>();
  private reading: Promise<void> | undefined;
  private again = false;
  private stopListening: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly db: Db) {}

  /** The newest position read (a stream that starts now resumes from here). */
  position(): number {
    return this.cursor;
  }

  async start(): Promise<void> {
    const [row] = await this.db.query<{ seq: number | null }>("SELECT max(seq) AS seq FROM events");
    this.cursor = Number(row?.seq ?? 0);
    this.stopListening = await this.db.listen("drive_events", () => this.wake());
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.stopListening?.();
    await this.reading?.catch(() => {});
  }

  /** Adds a listener for one user's events; returns its removal. */
  subscribe(userId: number, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  connections(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  /** Reads what is new; a wake during a read makes one more read after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          while (await this.readBatch()) {}
        } while (this.again && !this.stopped);
      } catch (err) {
        // The next notification or poll tries again; a database restart must not end the server.
        console.error(`events: reading the change log failed: ${err instanceof Error ? err.message : err}`);
      } finally {
        this.reading = undefined;
      }
    })();
  }

  /** One read; true when there may be more. */
  private async readBatch(): Promise<boolean> {
    const now = Date.now();
    for (const [seq, seen] of this.holes) if (now - seen > HOLE_MS) this.holes.delete(seq);
    const holes = [...this.holes.keys()];
    const rows = await this.db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE seq > $1 OR seq = ANY($2::bigint[]) ORDER BY seq LIMIT ${BATCH}`,
      [this.cursor, holes],
    );
    for (const row of rows) {
      const event = toLogEvent(row);
      if (event.seq > this.cursor) {
        for (let s = this.cursor + 1; s < event.seq && this.holes.size < MAX_HOLES; s++) this.holes.set(s, now);
        this.cursor = event.seq;
      } else if (!this.holes.delete(event.seq)) continue;
      for (const listener of this.listeners.get(event.userId) ?? []) listener(event);
    }
    return rows.length === BATCH;
  }
}
