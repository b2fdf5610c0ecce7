import { CONTENT_COLUMNS, type ContentFile } from "../content/send-file.js";
import type { Queryable } from "../db/index.js";
import type { Blobs } from "../storage/blobs.js";
import { storedTakenAt } from "./stored-taken-at.js";
import { recordTakenAt } from "./taken-at.js";

export const TAKEN_AT_BACKFILL_JOB = "backfill-taken-at";
/** Files read at most per run, one after the other. */
export const BACKFILL_FILES_PER_RUN = 8;
/** Rows of `files` looked at at most per run (by id), so a drive of few pictures costs no long scan either. */
const BACKFILL_ROWS_PER_RUN = 1000;
/** The pause between runs: at most ~2,900 files an hour, read by one instance at a time. */
export const BACKFILL_PAUSE_MS = 10_000;

/** What the pass dates: pictures and videos, by name or type, still undated. */
const UNDATED_MEDIA = `type = 'file' AND status = 'active' AND taken_at IS NULL
  AND (category IN ('image', 'video') OR mime_type LIKE 'image/%' OR mime_type LIKE 'video/%')`;

/**
 * One step of the pass that dates the pictures and videos whose thumbnails were rendered before the server read
 * dates (migration 19 for pictures, migration 20 for videos): walks `files` by id from where the last step stopped
 * (`taken_at_backfill`), reads the date of at most BACKFILL_FILES_PER_RUN undated ones (storedTakenAt: by ranges,
 * a video's size is no bound) and records it as a rendering would. The job queue runs it on one instance at a time;
 * a step run twice reads some files twice and records the same dates. A file that cannot be read is passed over (it
 * is dated when its thumbnail is next rendered). Returns whether the pass goes on.
 */
export async function backfillTakenAt(
  db: Queryable,
  blobs: Blobs,
  onError: (file: ContentFile, err: unknown) => void,
): Promise<boolean> {
  const [state] = await db.query<{ after_id: string | null; done_at: Date | null }>(
    "SELECT after_id::text AS after_id, done_at FROM taken_at_backfill",
  );
  if (!state || state.done_at) return false;
  const after = state.after_id;
  // The last id of this step's window, or null when the window reaches the last file.
  const [end] = await db.query<{ id: string }>(
    "SELECT id::text AS id FROM files WHERE ($1::uuid IS NULL OR id > $1) ORDER BY id OFFSET $2 LIMIT 1",
    [after, BACKFILL_ROWS_PER_RUN - 1],
  );
  const files = await db.query<ContentFile>(
    `SELECT ${CONTENT_COLUMNS} FROM files
     WHERE ($1::uuid IS NULL OR id > $1) AND ($2::uuid IS NULL OR id <= $2) AND ${UNDATED_MEDIA}
     ORDER BY id LIMIT $3`,
    [after, end?.id ?? null, BACKFILL_FILES_PER_RUN],
  );
  for (const file of files) {
    try {
      const at = await storedTakenAt(blobs, file, "taken-at backfill");
      if (at) await recordTakenAt(db, file, at);
    } catch (err) {
      onError(file, err);
    }
  }
  const full = files.length === BACKFILL_FILES_PER_RUN;
  const next = full ? (files.at(-1)?.id ?? null) : (end?.id ?? null);
  const done = !full && !end;
  await db.query("UPDATE taken_at_backfill SET after_id = $1, done_at = CASE WHEN $2 THEN now() END", [next, done]);
  return !done;
}
