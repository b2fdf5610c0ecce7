import type { Queryable } from "../db/index.js";
import { RECLAIM_JOB } from "../parts/parts.js";
import { subtreeSql } from "./tree.js";

/**
 * Locks every folder of the active trees rooted at `ids`, so nothing can be created, moved or copied into them until
 * the transaction ends: creating, moving or copying into a folder locks that folder (shared), so those wait and then
 * find their folder gone (deleted or trashed), and anything that got in before the locks is seen by a subtree walk
 * made after them. Folders that appeared while locking are locked in a further round.
 */
export async function lockTrees(q: Queryable, ids: string[]): Promise<void> {
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
}

/**
 * Deletes the rows `rowsSql` selects (a statement prefix defining `tree(id)`, then `SELECT id FROM tree`), their
 * shares with them, and hands their parts to the reclaim job (parts/parts.ts) in the same transaction, so the answer
 * does not wait for the disk and a crash loses no part and leaks none.
 */
async function deleteRows(q: Queryable, treeCte: string, params: unknown[]): Promise<void> {
  const next = params.length + 1;
  await q.query(`${treeCte}DELETE FROM file_shares WHERE file_id IN (SELECT id FROM tree)`, params);
  await q.query(
    `${treeCte}, gone AS (
       DELETE FROM files WHERE id IN (SELECT id FROM tree) RETURNING channel_id, parts
     )
     INSERT INTO jobs (kind, payload)
     SELECT $${next}, jsonb_build_object('parts', jsonb_agg(jsonb_build_array((p ->> 'id')::bigint, gone.channel_id)))
     FROM gone, jsonb_array_elements(CASE WHEN jsonb_typeof(gone.parts) = 'array' THEN gone.parts ELSE '[]' END) p
     WHERE gone.channel_id IS NOT NULL
     HAVING count(*) > 0`,
    [...params, RECLAIM_JOB],
  );
}

/**
 * Deletes whole active trees for good in one statement. There is no per-row cascade (migration 3 dropped it: a
 * 100,000-row tree took minutes); the folders are locked first instead (lockTrees).
 */
export async function deleteTrees(q: Queryable, ids: string[]): Promise<void> {
  await lockTrees(q, ids);
  await deleteRows(q, subtreeSql("$1"), [ids]);
}

/** Deletes for good the trashed trees of these deleted items (files/trash.ts); nothing can enter a trashed tree. */
export async function deleteTrashedTrees(q: Queryable, rootIds: string[]): Promise<void> {
  await deleteRows(
    q,
    "WITH tree(id) AS (SELECT id FROM files WHERE trash_root = ANY($1::uuid[]) AND status = 'trashed') ",
    [rootIds],
  );
}
