import type { Queryable } from "../db/index.js";
import type { ThumbnailCache } from "./cache.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Removes cached thumbnails of files that are gone or no longer active. Replaced files need nothing here: a new
 * version is rendered under a new name and the old one removed then, and a stale name is never looked up.
 */
export async function pruneThumbnails(db: Queryable, cache: ThumbnailCache): Promise<number> {
  let removed = 0;
  for await (const found of cache.cachedIds()) {
    const ids = found.filter((id) => UUID.test(id));
    const live = await db.query<{ id: string }>(
      "SELECT id::text AS id FROM files WHERE id = ANY($1::uuid[]) AND status = 'active'",
      [ids],
    );
    const keep = new Set(live.map((row) => row.id));
    const gone = found.filter((id) => !keep.has(id));
    await cache.forget(gone);
    removed += gone.length;
  }
  return removed;
}
