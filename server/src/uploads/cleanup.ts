import type { Db } from "../db/index.js";
import type { Blobs } from "../storage/blobs.js";
import { partIdsInUse } from "./part-refs.js";

/** Teldrive's default `tg.uploads.retention`: parts of an upload nobody finished are kept this long for resume. */
export const UPLOAD_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Drops `uploads` rows older than the retention and the part files no file uses, so abandoned uploads
 * do not fill the disk. Returns how many rows went.
 */
export async function cleanExpiredUploads(db: Db, blobs: Blobs, retentionMs = UPLOAD_RETENTION_MS): Promise<number> {
  const rows = await db.query<{ user_id: number; part_id: number; channel_id: number }>(
    "DELETE FROM uploads WHERE created_at < $1 RETURNING user_id, part_id, channel_id",
    [new Date(Date.now() - retentionMs)],
  );
  const byUser = new Map<number, typeof rows>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  for (const [userId, parts] of byUser) {
    const inUse = await partIdsInUse(
      db,
      userId,
      parts.map((p) => p.part_id),
    );
    for (const p of parts) if (!inUse.has(p.part_id)) await blobs.deleteParts(p.channel_id, [{ id: p.part_id }]);
  }
  return rows.length;
}
