import type { Queryable } from "../db/index.js";
import { parseEntry, type ThumbnailCache, type ThumbnailKey, versionOf } from "./cache.js";

/**
 * Removes cached thumbnails of files that are gone or no longer active, and of older versions of files (a render
 * drops those too, but only on the instance and width it renders). Goes through the store a page at a time (a
 * folder, or one S3 listing page), one query per page; names this cache never gives are left alone.
 */
export async function pruneThumbnails(db: Queryable, cache: ThumbnailCache): Promise<number> {
  let removed = 0;
  for await (const names of cache.store.pages()) {
    const entries = names.flatMap((name) => {
      const key = parseEntry(name);
      return key ? [{ name, key }] : [];
    });
    if (entries.length === 0) continue;
    const live = await db.query<{ id: string; size: number | null; updated_at: Date; encrypted: boolean }>(
      "SELECT id::text AS id, size, updated_at, encrypted FROM files WHERE id = ANY($1::uuid[]) AND status = 'active'",
      [[...new Set(entries.map((e) => e.key.fileId))]],
    );
    const current = new Map(live.map((file) => [file.id, { version: versionOf(file), sealed: file.encrypted }]));
    const stale = entries.filter(({ key }: { key: ThumbnailKey }) => {
      const file = current.get(key.fileId);
      return !file || file.version !== key.version || file.sealed !== key.sealed;
    });
    if (stale.length > 0) await cache.store.remove(stale.map((e) => e.name));
    removed += stale.length;
  }
  return removed;
}
