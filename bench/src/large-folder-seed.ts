// Seeding big folders fast: one template row through the API, then copies made in SQL while the server is stopped.
import type { APIRequestContext } from "playwright-core";
import { openDb } from "../../server/src/db/index.js";

export async function createEmptyFile(request: APIRequestContext, name: string, folder: string): Promise<string> {
  const res = await request.post("/api/files", {
    data: { name, type: "file", path: folder, mimeType: "text/plain", size: 0, parts: [] },
  });
  if (!res.ok()) throw new Error(`create ${name}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Copies the template row until its folder holds `count` files named file-0000001.txt... in name order, with
 * distinct dates. The server keeps each folder's number of children in `files.child_count`; it is recomputed.
 */
export async function cloneRows(
  db: { dataDir: string; databaseUrl?: string },
  templateId: string,
  count: number,
): Promise<void> {
  const conn = await openDb(db);
  try {
    await conn.query(
      `INSERT INTO files (id, name, type, mime_type, size, category, encrypted, user_id, status, parent_id, parts,
                          channel_id, hash, created_at, updated_at)
       SELECT gen_random_uuid(), 'file-' || lpad(g::text, 7, '0') || '.txt', type, mime_type, size, category,
              encrypted, user_id, status, parent_id, parts, channel_id, hash,
              now() - g * interval '1 second', now() - g * interval '1 second'
       FROM files t, generate_series(2, $2::int) g WHERE t.id = $1`,
      [templateId, count],
    );
    await conn.query(
      `UPDATE files SET child_count = (SELECT count(*) FROM files c WHERE c.parent_id = files.id AND c.status = 'active')
       WHERE id = (SELECT parent_id FROM files WHERE id = $1)`,
      [templateId],
    );
    // PostgreSQL's autovacuum would analyze after a bulk insert like this; PGlite has none, so do it here to
    // measure the steady state rather than plans made on an empty table's statistics.
    await conn.query("ANALYZE files");
  } finally {
    await conn.close();
  }
}
