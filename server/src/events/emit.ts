import type { Queryable } from "../db/index.js";
import type { LiveEventType } from "./lib/types-filter.js";

/**
 * What an event is about: Teldrive main's `Source` (the item, its folder, the destination of a move). For
 * `uploads.progress` and `jobs.progress` the id is the upload's or job's, and `progress` says how far it got.
 */
export interface EventSource {
  id: string;
  name: string;
  type: "file" | "folder";
  parentId: string;
  destParentId?: string;
  path?: string;
  progress?: Record<string, unknown>;
  /** `requests.received` (the source is the file that arrived): the request it came through (file-requests/). */
  request?: { id: string; title: string; folderName: string; uploads: number };
}

/**
 * Records an event for `userId` and wakes the stream readers of every instance once the caller's transaction
 * commits (pass the transaction to tie the event to the change, or the database for progress). Changes to files
 * and uploaded parts need no call: the database's triggers record them (db/migration-13-events.ts). Meant for
 * `jobs.progress` and other progress that is not a row change.
 */
export async function emitEvent(q: Queryable, userId: number, type: LiveEventType, source: EventSource): Promise<void> {
  await q.query(
    `WITH e AS (INSERT INTO events (user_id, type, source) VALUES ($1, $2, $3) RETURNING 1)
     SELECT pg_notify('drive_events', '') FROM e`,
    [userId, type, JSON.stringify(source)],
  );
}
