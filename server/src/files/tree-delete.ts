import type { Queryable } from "../db/index.js";
import { RECLAIM_JOB } from "../parts/parts.js";
import { subtreeSql } from "./tree.js";

/**
 * Deletes whole trees in one statement and hands their parts to the reclaim job (parts/parts.ts) in the same
 * transaction, so the answer does not wait for the disk and a crash loses no part and leaks none.
 *
 * There is no per-row cascade (migration 3 dropped it: a 100,000-row tree took minutes). Instead every folder of
 * the trees is locked first: creating, moving or copying into a folder locks that folder (shared), so those wait
 * for this delete and then find their folder gone, and anything that got in before the locks is seen by the
 * subtree walk made after them. Folders that appeared while locking are locked in a further round.
 */
export async function deleteTrees(q: Queryable, ids: string[]): Promise<void> {
  const locked = new Set<string>();
  for (let round = 0; round < 10; round++) {
    const folders = await q.query<{ id: string }>(`${subtreeSql("$1", { foldersOnly: true })}SELECT id FROM tree`, [
      ids,
    ]);
    const fresh = folders.map((f) => f.id).filter((id) => !locked.has(id));
    if (fresh.length === 0) break;
    await q.query("SELECT id FROM files WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE", [fresh]);
    for (const id of fresh) locked.add(id);
  }
  await q.query(`${subtreeSql("$1")}DELETE FROM file_shares WHERE file_id IN (SELECT id FROM tree)`, [ids]);
  await q.query(
    `${subtreeSql("$1")}, gone AS (
       DELETE FROM files WHERE id IN (SELECT id FROM tree) RETURNING channel_id, parts
     )
     INSERT INTO jobs (kind, payload)
     SELECT $2, jsonb_build_object('parts', jsonb_agg(jsonb_build_array((p ->> 'id')::bigint, gone.channel_id)))
     FROM gone, jsonb_array_elements(CASE WHEN jsonb_typeof(gone.parts) = 'array' THEN gone.parts ELSE '[]' END) p
     WHERE gone.channel_id IS NOT NULL
     HAVING count(*) > 0`,
    [ids, RECLAIM_JOB],
  );
}
