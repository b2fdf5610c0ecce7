import type { DbHandle, Queryable } from "../db/index.js";
import { enqueue } from "../jobs/queue.js";
import { RECLAIM_JOB } from "../parts/parts.js";
import { MAX_DEPTH } from "./tree.js";

/**
 * Deleting a tree, to the trash or for good, answers in the time of its first `batchRows` rows, whatever its size
 * (docs/architecture.md, "Deleting big trees").
 *
 * The request marks the item the user deleted (its `trash_root` is itself): `trashed` (in the trash) or `purging`
 * (deleted for good). That hides it from its folder and from the trash list at once. The rest of the tree is
 * settled in steps of at most `batchRows` rows, top down: a step trashes active rows whose folder is a trashed folder
 * of the tree, so a row is never trashed before its folder. Once nothing below is active, a `purging` tree loses its
 * rows, a step at a time, its top row last, and each step hands its parts to the reclaim job (parts/parts.ts) in the
 * same transaction. The request takes as many steps as `batchRows` rows allow; a bigger tree gets a settle job in
 * the same transaction (jobs/queue.ts), which takes one step per transaction: a crash between steps loses nothing,
 * and the job runs again after a restart.
 *
 * Until its step, a row of a big deleted tree is still active: search, the category views and the deep listing from
 * "/" may show it for the seconds the job takes. Nothing can be added to the tree after its step: creating, moving or
 * copying into a folder locks that folder and needs it active, and a step locks the rows it trashes.
 */

export const SETTLE_TREES_JOB = "settle-deleted-trees";

/** `trashed`: the item went to the trash. `purging`: it is being deleted for good. */
export type Deletion = "trashed" | "purging";

export interface DeletedItem {
  id: string;
  /** For an item going to the trash: the path of the folder it was deleted from ("/" for the top). */
  origin?: string;
}

/**
 * Ids of the active items that lie inside another of them: those go with the outer one. (Two items inside each
 * other, a cycle some old race left in the data, both stay.)
 */
async function nestedItems(q: Queryable, ids: string[]): Promise<Set<string>> {
  const pairs = await q.query<{ item: string; outer: string }>(
    `WITH RECURSIVE up(item, id, depth) AS (
       SELECT id, parent_id, 1 FROM files WHERE id = ANY($1::uuid[]) AND status = 'active'
       UNION ALL
       SELECT up.item, f.parent_id, up.depth + 1 FROM files f JOIN up ON f.id = up.id
       WHERE f.parent_id IS NOT NULL AND up.depth < ${MAX_DEPTH}
     )
     SELECT DISTINCT item, id AS outer FROM up WHERE id = ANY($1::uuid[]) AND id <> item`,
    [ids],
  );
  const inside = new Set(pairs.map((p) => `${p.item} ${p.outer}`));
  return new Set(pairs.filter((p) => !inside.has(`${p.outer} ${p.item}`)).map((p) => p.item));
}

/**
 * Deletes the user's items (locked by the caller): active rows, and for `purging` also items in the trash. Marks
 * them and settles what one request may of their trees. An active item inside another one goes with the outer one.
 */
export async function deleteTrees(q: Queryable, items: DeletedItem[], how: Deletion, batchRows: number): Promise<void> {
  const nested = await nestedItems(
    q,
    items.map((i) => i.id),
  );
  const tops = items.filter((i) => !nested.has(i.id));
  const marked = await q.query<{ id: string }>(
    `UPDATE files f SET status = $3, trash_root = f.id,
       trashed_at = CASE WHEN f.status = 'active' THEN now() ELSE f.trashed_at END,
       trash_origin = CASE WHEN f.status = 'active' THEN v.origin ELSE f.trash_origin END
     FROM unnest($1::uuid[], $2::text[]) AS v(id, origin)
     WHERE f.id = v.id AND (f.status = 'active' OR (f.status = 'trashed' AND f.trash_root = f.id))
     RETURNING f.id`,
    [tops.map((i) => i.id), tops.map((i) => i.origin ?? null), how],
  );
  const roots = marked.map((r) => r.id);
  if (roots.length === 0) return;
  if (!(await settle(q, roots, batchRows))) await enqueue(q, SETTLE_TREES_JOB, { roots });
}

/** Takes steps on the trees until they are settled (true) or `batchRows` rows have changed (false). */
async function settle(q: Queryable, roots: string[], batchRows: number): Promise<boolean> {
  let left = batchRows;
  for (const root of roots)
    for (;;) {
      if (left <= 0) return false;
      const changed = await settleStep(q, root, left);
      if (changed === 0) break;
      left -= changed;
    }
  return true;
}

/** The settle job: a step per transaction until every tree is settled. */
export async function settleInBackground(db: DbHandle, roots: string[], batchRows: number): Promise<void> {
  for (const root of roots) while ((await db.tx((q) => settleStep(q, root, batchRows))) > 0);
}

/**
 * One step on the deleted tree of `root`: trashes at most `limit` of its rows still active, or when none is left and
 * it is being deleted for good, deletes at most `limit` of its rows (its top row last). Returns how many rows it
 * changed: 0 once the tree is settled, restored or gone.
 */
async function settleStep(q: Queryable, root: string, limit: number): Promise<number> {
  // Locking the top row keeps a restore or a delete for good from running while the step does.
  const [top] = await q.query<{ status: string; trashed_at: Date }>(
    "SELECT status, trashed_at FROM files WHERE id = $1 AND trash_root = $1 FOR UPDATE",
    [root],
  );
  if (!top || top.status === "active") return 0;
  // The parent is checked again on the row itself: a row moved out of the tree meanwhile stays where it went.
  const trashed = await q.query<{ id: string }>(
    `UPDATE files f SET status = 'trashed', trash_root = $1, trashed_at = $2
     FROM (SELECT c.id, c.parent_id FROM files p JOIN files c ON c.parent_id = p.id
           WHERE p.trash_root = $1 AND p.type = 'folder' AND c.status = 'active' LIMIT $3) s
     WHERE f.id = s.id AND f.parent_id = s.parent_id AND f.status = 'active'
     RETURNING f.id`,
    [root, top.trashed_at, limit],
  );
  if (trashed.length > 0 || top.status !== "purging") return trashed.length;
  const below = await q.query<{ id: string }>("SELECT id FROM files WHERE trash_root = $1 AND id <> $1 LIMIT $2", [
    root,
    limit,
  ]);
  return deleteRows(q, below.length > 0 ? below.map((r) => r.id) : [root]);
}

/**
 * Deletes these rows and their shares, and hands their parts to the reclaim job in the same transaction, so the
 * answer does not wait for the store and a crash loses no part and leaks none. Returns how many rows went.
 */
async function deleteRows(q: Queryable, ids: string[]): Promise<number> {
  await q.query("DELETE FROM file_shares WHERE file_id = ANY($1::uuid[])", [ids]);
  const [gone] = await q.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM files WHERE id = ANY($1::uuid[]) RETURNING channel_id, parts
     ), reclaim AS (
       INSERT INTO jobs (kind, payload)
       SELECT $2, jsonb_build_object('parts', jsonb_agg(jsonb_build_array((p ->> 'id')::bigint, gone.channel_id)))
       FROM gone, jsonb_array_elements(CASE WHEN jsonb_typeof(gone.parts) = 'array' THEN gone.parts ELSE '[]' END) p
       WHERE gone.channel_id IS NOT NULL
       HAVING count(*) > 0
     )
     SELECT count(*)::int AS n FROM gone`,
    [ids, RECLAIM_JOB],
  );
  return gone?.n ?? 0;
}
