import type { Db } from "../db/index.js";
import type { Blobs } from "../storage/blobs.js";
import { type PartRef, reclaimParts } from "./parts.js";

/** Parts younger than this are left alone: an upload writes the file first and records its row a moment later. */
const GRACE_MS = 60 * 60 * 1000;
const BATCH = 2000;

/**
 * The periodic clean-up of what a crash or a race can leave behind: parts nothing references (a server killed
 * between a change and its reclaim job, racing uploads of one part), part files no row records (killed between
 * writing a part and recording it), and shares of files that are gone. Everything is done in batches, so it
 * interleaves with requests; the reclaim of unreferenced parts is the same safe path deletes use.
 */
export async function reconcileParts(db: Db, blobs: Blobs, renew: () => Promise<void>): Promise<void> {
  const bg = db.background;
  let after = 0;
  for (;;) {
    const [range] = await bg.query<{ last: number | null }>(
      "SELECT max(id) AS last FROM (SELECT id FROM parts WHERE id > $1 ORDER BY id LIMIT $2) batch",
      [after, BATCH],
    );
    if (range?.last === null || range?.last === undefined) break;
    const unused = await bg.query<{ id: number; channel_id: number }>(
      `SELECT p.id, p.channel_id FROM parts p
       WHERE p.id > $1 AND p.id <= $2 AND p.created_at < $3
         AND NOT EXISTS (SELECT 1 FROM files f WHERE f.parts @> jsonb_build_array(jsonb_build_object('id', p.id)))
         AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.part_id = p.id)`,
      [after, range.last, new Date(Date.now() - GRACE_MS)],
    );
    after = range.last;
    if (unused.length > 0)
      await reclaimParts(
        db,
        blobs,
        unused.map((r): PartRef => [r.id, r.channel_id]),
        renew,
      );
    await renew();
  }

  for await (const files of blobs.partFiles(BATCH)) {
    const recorded = await bg.query<{ id: number }>("SELECT id FROM parts WHERE id = ANY($1::bigint[])", [
      files.map((f) => f.partId),
    ]);
    const known = new Set(recorded.map((r) => r.id));
    const old = Date.now() - GRACE_MS;
    for (const f of files)
      if (!known.has(f.partId) && f.mtimeMs < old) await blobs.deleteParts(f.channelId, [{ id: f.partId }]);
    await renew();
  }

  await bg.query("DELETE FROM file_shares s WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.id = s.file_id)");
}
