import type { Queryable } from "../db/index.js";

/** Part ids among `partIds` that a file of the user still lists in its parts (those must stay on disk). */
export async function partIdsInUse(db: Queryable, userId: number, partIds: number[]): Promise<Set<number>> {
  if (partIds.length === 0) return new Set();
  const rows = await db.query<{ id: number }>(
    `SELECT p.id FROM unnest($2::bigint[]) AS p(id)
     WHERE EXISTS (SELECT 1 FROM files f WHERE f.user_id = $1 AND f.parts @> jsonb_build_array(jsonb_build_object('id', p.id)))`,
    [userId, partIds],
  );
  return new Set(rows.map((r) => r.id));
}
