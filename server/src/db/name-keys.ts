import type { DbHandle } from "./handle.js";
import { nameSortKey } from "./name-key.js";

/** Bump when nameSortKey changes: every stored key is then computed again at the next start. */
const NAME_KEY_VERSION = "1";
const BATCH = 5000;

/**
 * Gives every row the sort key of its name (name-key.ts). Rows written by the files module already carry it;
 * this covers rows from before the key existed (migration 3) and a changed key function. Runs at start, once.
 */
export async function backfillNameKeys(db: DbHandle): Promise<void> {
  const [state] = await db.query<{ value: string }>("SELECT value FROM app_state WHERE key = 'name_key_version'");
  if (state?.value === NAME_KEY_VERSION) return;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db.query<{ id: string; name: string; name_key: string | null }>(
      "SELECT id, name, name_key FROM files WHERE id > $1 ORDER BY id LIMIT $2",
      [after, BATCH],
    );
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
    const stale = rows.filter((r) => r.name_key !== nameSortKey(r.name));
    if (stale.length === 0) continue;
    // Not a rename: cursor walks need no record of the old keys (migration 12).
    await db.tx(async (q) => {
      await q.query("SET LOCAL drive.walk_keys = 'off'");
      await q.query(
        "UPDATE files f SET name_key = v.k FROM unnest($1::uuid[], $2::text[]) AS v(id, k) WHERE f.id = v.id",
        [stale.map((r) => r.id), stale.map((r) => nameSortKey(r.name))],
      );
    });
  }
  await db.query(
    `INSERT INTO app_state (key, value) VALUES ('name_key_version', $1)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [NAME_KEY_VERSION],
  );
}
