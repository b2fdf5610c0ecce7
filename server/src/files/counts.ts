import type { Queryable } from "../db/index.js";

/**
 * `files.child_count` is the number of active rows directly in a folder. Every write in this module
 * that adds, removes or re-parents a row adjusts it in the same transaction, so a folder page reads
 * its total from one row instead of counting up to a million index entries.
 */
export async function adjustChildCount(q: Queryable, folderId: string | null, delta: number): Promise<void> {
  if (folderId === null || delta === 0) return;
  await q.query("UPDATE files SET child_count = child_count + $2 WHERE id = $1", [folderId, delta]);
}

export async function childCount(q: Queryable, folderId: string): Promise<number> {
  const rows = await q.query<{ child_count: number }>("SELECT child_count FROM files WHERE id = $1", [folderId]);
  return rows[0]?.child_count ?? 0;
}
