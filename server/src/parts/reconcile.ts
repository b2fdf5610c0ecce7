import type { Db } from "../db/index.js";
import type { Blobs } from "../storage/blobs.js";
import { type PartRef, reclaimParts } from "./parts.js";

/**
 * Older than this, a part nothing references, or a stored part no row records, is an orphan. Younger ones may be
 * in the middle of an upload: the part is stored first and its row recorded a moment later.
 */
const GRACE_MS = 60 * 60 * 1000;
const BATCH = 2000;

async function* batches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * The periodic clean-up of what a crash or a race can leave behind: parts nothing references (a server killed
 * between a change and its reclaim job), stored parts no row records (killed between storing a part and recording
 * it; a stored part has no age every store can tell, so such a part is remembered when first seen and removed when
 * still unrecorded a run later), and shares of files that are gone. All in batches, interleaved with requests;
 * unreferenced parts go through the same safe reclaim as deletes.
 */
export async function reconcileParts(db: Db, blobs: Blobs, renew: () => Promise<void>): Promise<void> {
  const bg = db.background;
  const graceStart = new Date(Date.now() - GRACE_MS);
  let after = 0;
  for (;;) {
    const [range] = await bg.query<{ last: number | null }>(
      "SELECT max(id) AS last FROM (SELECT id FROM parts WHERE id > $1 ORDER BY id LIMIT $2) batch",
      [after, BATCH],
    );
    const last = range?.last;
    if (last === null || last === undefined) break;
    const unused = await bg.query<{ id: number; channel_id: number }>(
      `SELECT p.id, p.channel_id FROM parts p
       WHERE p.id > $1 AND p.id <= $2 AND p.created_at < $3
         AND NOT EXISTS (SELECT 1 FROM files f WHERE f.parts @> jsonb_build_array(jsonb_build_object('id', p.id)))
         AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.part_id = p.id)`,
      [after, last, graceStart],
    );
    after = last;
    if (unused.length > 0)
      await reclaimParts(
        db,
        blobs,
        unused.map((r): PartRef => [r.id, r.channel_id]),
        renew,
      );
    await renew();
  }

  for await (const stored of batches(blobs.storedParts(), BATCH)) {
    const recorded = new Set(
      (
        await bg.query<{ id: number }>("SELECT id FROM parts WHERE id = ANY($1::bigint[])", [
          stored.map((p) => p.partId),
        ])
      ).map((r) => r.id),
    );
    const unknown = stored.filter((p) => !recorded.has(p.partId));
    const old = await bg.query<{ channel_id: number; part_id: number }>(
      `DELETE FROM part_suspects s USING unnest($1::bigint[], $2::bigint[]) AS u(channel_id, part_id)
       WHERE s.channel_id = u.channel_id AND s.part_id = u.part_id AND s.seen_at < $3
       RETURNING s.channel_id, s.part_id`,
      [unknown.map((p) => p.channelId), unknown.map((p) => p.partId), graceStart],
    );
    for (const p of old) await blobs.deleteParts(p.channel_id, [{ id: p.part_id }]);
    const removed = new Set(old.map((p) => p.part_id));
    const suspects = unknown.filter((p) => !removed.has(p.partId));
    await bg.query(
      `INSERT INTO part_suspects (channel_id, part_id) SELECT * FROM unnest($1::bigint[], $2::bigint[])
       ON CONFLICT DO NOTHING`,
      [suspects.map((p) => p.channelId), suspects.map((p) => p.partId)],
    );
    await renew();
  }
  // Suspects that got their row after all, or whose part is gone.
  await bg.query(
    "DELETE FROM part_suspects s WHERE EXISTS (SELECT 1 FROM parts p WHERE p.id = s.part_id) OR s.seen_at < $1",
    [new Date(Date.now() - 4 * 24 * GRACE_MS)],
  );

  await bg.query("DELETE FROM file_shares s WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.id = s.file_id)");
}
