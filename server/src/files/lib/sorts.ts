export type SortField = "name" | "updatedAt" | "takenAt" | "size" | "id";
export type SortOrder = "asc" | "desc";

export interface SortColumns {
  /** The files column (or expression of its columns) rows are ordered by (then by id). */
  file: string;
  /** The page_marks column holding the same key, and the sort number used there; null: no marks for this order. */
  mark: { column: string; sort: number } | null;
}

/** Names sort by their key (db/name-key.ts); the id order has no marks and pages by offset. */
export const SORTS: Record<SortField, SortColumns> = {
  name: { file: "name_key", mark: { column: "k_name", sort: 0 } },
  size: { file: "size", mark: { column: "k_size", sort: 1 } },
  updatedAt: { file: "updated_at", mark: { column: "k_time", sort: 2 } },
  // Ours (capability `takenAt`): when a picture was taken, else its time; numbered pages skip by OFFSET (no marks).
  takenAt: { file: "coalesce(taken_at, updated_at)", mark: null },
  id: { file: "id", mark: null },
};

/** `ORDER BY` for a files query in one direction, id breaking ties; columns unqualified, so one relation only. */
export function orderBy(sort: SortField, dir: SortOrder): string {
  const d = dir === "desc" ? "DESC" : "ASC";
  const col = SORTS[sort].file;
  return sort === "id" ? `${col} ${d}` : `${col} ${d}, id ${d}`;
}
