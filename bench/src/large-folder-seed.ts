// Seeding big folders fast: one template row through the API, then copies made in SQL while the server is stopped.
import type { APIRequestContext } from "playwright-core";
import { openDb } from "../../server/src/db/index.js";
import { nameSortKey } from "../../server/src/files/lib/name-key.js";

export async function createEmptyFile(request: APIRequestContext, name: string, folder: string): Promise<string> {
  const res = await request.post("/api/files", {
    data: { name, type: "file", path: folder, mimeType: "text/plain", size: 0, parts: [] },
  });
  if (!res.ok()) throw new Error(`create ${name}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Copies the template row until its folder holds `count` files named file-0000001.txt... in name order, with
 * distinct dates, each with its name's sort key. The database's triggers keep the folder's count and page marks.
 */
export async function cloneRows(
  db: { dataDir: string; databaseUrl?: string },
  templateId: string,
  count: number,
): Promise<void> {
  const conn = await openDb(db);
  try {
    const batch = 20_000;
    for (let from = 2; from <= count; from += batch) {
      const numbers = Array.from({ length: Math.min(batch, count - from + 1) }, (_, i) => from + i);
      const names = numbers.map((g) => `file-${String(g).padStart(7, "0")}.txt`);
      await conn.background.query(
        `INSERT INTO files (id, name, name_key, type, mime_type, size, category, encrypted, user_id, status, parent_id,
                            parts, channel_id, hash, created_at, updated_at)
         SELECT gen_random_uuid(), v.name, v.key, type, mime_type, size, category, encrypted, user_id, status,
                parent_id, parts, channel_id, hash, now() - v.g * interval '1 second', now() - v.g * interval '1 second'
         FROM files t, unnest($2::text[], $3::text[], $4::int[]) AS v(name, key, g) WHERE t.id = $1`,
        [templateId, names, names.map(nameSortKey), numbers],
      );
    }
    // PostgreSQL's autovacuum would vacuum and analyze after a bulk insert like this; PGlite has none (the server's
    // own maintenance would, a little later), so do it here to measure the steady state.
    await conn.background.query("VACUUM ANALYZE files");
  } finally {
    await conn.close();
  }
}
