// Seeding big folders fast: one template row through the API, then copies made in SQL while the server is stopped.
import type { APIRequestContext } from "playwright-core";
import { openDb } from "../../server/src/db/index.js";
import { nameSortKey } from "../../server/src/db/name-key.js";

export async function createEmptyFile(request: APIRequestContext, name: string, folder: string): Promise<string> {
  const res = await request.post("/api/files", {
    data: { name, type: "file", path: folder, mimeType: "text/plain", size: 0, parts: [] },
  });
  if (!res.ok()) throw new Error(`create ${name}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Copies the template row until its folder holds `count` files named file-0000001.txt... (or another `extension`) in
 * name order, with distinct dates, each with its name's sort key. The copies share the template's parts, as copies
 * made through the API do. The database's triggers keep the folder's count and page marks.
 */
export async function cloneRows(
  db: { dataDir: string; databaseUrl?: string },
  templateId: string,
  count: number,
  extension = ".txt",
): Promise<void> {
  const conn = await openDb(db);
  try {
    const batch = 20_000;
    for (let from = 2; from <= count; from += batch) {
      const numbers = Array.from({ length: Math.min(batch, count - from + 1) }, (_, i) => from + i);
      const names = numbers.map((g) => `file-${String(g).padStart(7, "0")}${extension}`);
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

/** `count` items at a time, each through `fn`, until `items` are done. */
async function inBatches<T>(items: T[], count: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += count) await Promise.all(items.slice(i, i + count).map(fn));
}

async function ok(res: { ok(): boolean; status(): number; text(): Promise<string> }, what: string): Promise<void> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
}

/**
 * A while of use, through the API, so the folder is shaped the way users make it rather than freshly copied: 300
 * files renamed, 1,000 moved out and back, 500 deleted (left as `pending_deletion` rows, as the server does) and 500
 * new ones created. The folder keeps its number of files; the deleted and updated rows stay behind as dead tuples.
 */
export async function churn(request: APIRequestContext, folder: string): Promise<void> {
  const page = async (n: number) => {
    const res = await request.get("/api/files", { params: { path: folder, page: n, limit: 500, sort: "name" } });
    await ok(res, `list page ${n}`);
    return ((await res.json()) as { items: Array<{ id: string; name: string }> }).items;
  };
  const renamed = (await page(20)).slice(0, 300);
  await inBatches(renamed, 8, async (f) =>
    ok(
      await request.patch(`/api/files/${f.id}`, { data: { name: f.name.replace(".txt", " (edited).txt") } }),
      "rename",
    ),
  );
  await ok(await request.post("/api/files/mkdir", { data: { path: "/elsewhere" } }), "mkdir");
  const moved = [...(await page(60)), ...(await page(140))].map((f) => f.id);
  for (const [from, to] of [
    ["out", "/elsewhere"],
    ["back", folder],
  ]) {
    await inBatches([moved.slice(0, 500), moved.slice(500)], 1, async (ids) =>
      ok(await request.post("/api/files/move", { data: { ids, destinationParent: to } }), `move ${from}`),
    );
  }
  const deleted = (await page(90)).map((f) => f.id);
  await ok(await request.post("/api/files/delete", { data: { ids: deleted } }), "delete");
  const fresh = Array.from({ length: deleted.length }, (_, i) => `file-${String(2_000_001 + i)}.txt`);
  await inBatches(fresh, 8, async (name) => {
    await createEmptyFile(request, name, folder);
  });
}
