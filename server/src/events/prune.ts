import type { DbHandle } from "../db/index.js";

/** How long the change log keeps an event: a client away longer reloads instead of catching up. */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;
const BATCH = 10_000;

/**
 * Deletes events older than `olderThanMs`, a batch per transaction, and records the newest position deleted
 * (`app_state.events_pruned_through`): a client resuming from before it is told to reload.
 */
export async function pruneEvents(db: DbHandle, olderThanMs = EVENT_RETENTION_MS): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.tx(async (q) => {
      const rows = await q.query<{ seq: number }>(
        `DELETE FROM events WHERE seq IN (
           SELECT seq FROM events WHERE created_at < now() - $1 * interval '1 millisecond' ORDER BY seq LIMIT ${BATCH})
         RETURNING seq`,
        [olderThanMs],
      );
      const through = rows.reduce((m, r) => Math.max(m, Number(r.seq)), 0);
      if (through > 0)
        await q.query(
          `INSERT INTO app_state (key, value) VALUES ('events_pruned_through', $1)
           ON CONFLICT (key) DO UPDATE SET value = greatest(app_state.value::bigint, EXCLUDED.value::bigint)::text`,
          [String(through)],
        );
      return rows.length;
    });
    total += deleted;
    if (deleted < BATCH) return total;
  }
}
