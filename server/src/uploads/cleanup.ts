import type { Db } from "../db/index.js";
import { type PartRef, releaseParts } from "../parts/parts.js";

/** Teldrive's default `tg.uploads.retention`: parts of an upload nobody finished are kept this long for resume. */
export const UPLOAD_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Drops `uploads` rows older than the retention and hands their parts to the reclaim job, which removes those no
 * file uses, so abandoned uploads do not fill the disk. Returns how many rows went.
 */
export async function expireUploads(db: Db, retentionMs = UPLOAD_RETENTION_MS): Promise<number> {
  return db.background.tx(async (q) => {
    const rows = await q.query<{ part_id: number; channel_id: number }>(
      "DELETE FROM uploads WHERE created_at < $1 RETURNING part_id, channel_id",
      [new Date(Date.now() - retentionMs)],
    );
    await releaseParts(
      q,
      rows.map((r): PartRef => [r.part_id, r.channel_id]),
    );
    return rows.length;
  });
}
