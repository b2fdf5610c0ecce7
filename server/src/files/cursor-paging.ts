import type { Compat } from "../config.js";
import type { Queryable } from "../db/index.js";
import { type FileList, type FileOut, type FileOutRow, toFileOut } from "./file-row.js";
import { type Cursor, decodeCursor, encodeCursor } from "./lib/cursor.js";
import type { SegmentType } from "./lib/segments.js";
import { SORTS, type SortField, type SortOrder } from "./lib/sorts.js";
import { type FindFilter, filtered, plainScopeOf, segmentTypes } from "./list.js";
import { PAGE_COLUMNS, Params } from "./paging.js";

/**
 * Cursor paging (Teldrive main's API, "API-B"): `?cursor=` and `meta.nextCursor` instead of `page` and
 * `meta.count/totalPages/currentPage`.
 *
 * A page is a keyset read: the rows after the cursor's (segment, sort key, id) along the same indexes page 1 reads
 * (`(scope, type, key, id)`, migration 3), so page 2,000 costs what page 1 does and nothing is counted. Folders come
 * first in every order, except under COMPAT=teldrive-main, which orders folders and files together by (key, id) as
 * Teldrive main does.
 *
 * A walk is stable: every row stands at its sort keys as of the walk's first page. The cursor carries the database
 * snapshot that page was read in; a row whose name, size or time changed in a transaction that snapshot does not see
 * is read at its earlier keys (file_key_changes, migration 12), so a renamed item is listed exactly once, under its
 * new name, where its old name stood. A row inserted, moved in or restored during the walk is seen if it lands after
 * the cursor; one deleted, moved out or trashed before the walk reaches it is not seen.
 */

export interface CursorPaging {
  sort: SortField;
  order: SortOrder;
  limit: number;
  /** The `cursor` sent; absent or "" for the first page. */
  cursor?: string;
  /** Folders and files in one order, without folders first (COMPAT=teldrive-main). */
  mixed?: boolean;
}

export interface CursorList {
  items: FileOut[];
  meta: { nextCursor?: string };
}

/**
 * Which answer a listing request gets: "a" (page numbers and counts, Teldrive 1.8), "b" (cursors, Teldrive main) or
 * "both" (a first page that names neither: the 1.8 answer plus `meta.nextCursor`, which the 1.8 shape allows, so a
 * client of either generation reads it). A request with `page` gets exactly the 1.8 answer as before.
 */
export type ListGeneration = "a" | "b" | "both";

export function listGeneration(query: unknown, compat: Compat | undefined): ListGeneration {
  if (compat === "teldrive-main") return "b";
  if (compat === "teldrive-1.8") return "a";
  const q = (query ?? {}) as Record<string, unknown>;
  if (q.cursor !== undefined) return "b";
  if (q.page !== undefined) return "a";
  return "both";
}

type PageRow = FileOutRow & { name_key: string; updated_at: string | Date };
/** A row as a walk reads it: `wk` is its sort key as of the walk's first page. */
type WalkRow = PageRow & { wk: string | number | null };

const SEG_RANK: Record<SegmentType, number> = { folder: 0, file: 1 };
const CAST = { name: `text COLLATE "C"`, size: "bigint", updatedAt: "timestamptz", takenAt: "timestamptz" } as const;

/** `(key, id) > cursor` (or `<` descending) with `key` the walk key expression. */
function keyset(p: Params, key: string, id: string, sort: SortField, order: SortOrder, after: Cursor): string {
  const op = order === "asc" ? ">" : "<";
  const cursorId = `${p.add(after.id)}::uuid`;
  if (sort === "id") return ` AND ${id} ${op} ${cursorId}`;
  return ` AND (${key}, ${id}) ${op} (${p.add(after.key)}::${CAST[sort as keyof typeof CAST]}, ${cursorId})`;
}

interface Source {
  /** A WITH clause the conditions need, or "". */
  cte: string;
  /** The first parameters of the statement, which `cte` and `where` refer to. */
  values: unknown[];
  /** The listing's rows of the given types (status and scope included), for `files` unaliased. */
  where(p: Params, types: SegmentType[]): string;
}

function sourceOf(filter: FindFilter): Source {
  const plain = plainScopeOf(filter);
  const typeIn = (p: Params, types: SegmentType[]) =>
    types.length === 1 ? `type = ${p.add(types[0])}` : `type = ANY(${p.add(types)}::text[])`;
  if (plain)
    return {
      cte: "",
      values: [],
      where: (p, types) => `${plain.where(p)} AND status = 'active' AND ${typeIn(p, types)}`,
    };
  const f = filtered(filter);
  return { cte: f.cte, values: f.params.values, where: (p, types) => `${f.where} AND ${typeIn(p, types)}` };
}

/**
 * Up to `take` rows after `after` of the given types, in walk order, and the snapshot the read was made in. Each
 * type is read along its own index (one ordered, limited read per type) and the reads are merged; with a walk's
 * snapshot, rows changed since it are left out there and read at their earlier keys from file_key_changes.
 */
async function walkPage(
  db: Queryable,
  source: Source,
  types: SegmentType[],
  after: Cursor | undefined,
  snapshot: string | undefined,
  paging: CursorPaging,
  take: number,
): Promise<{ rows: WalkRow[]; snapshot: string }> {
  const { sort, order } = paging;
  const col = SORTS[sort].file;
  const d = order === "desc" ? "DESC" : "ASC";
  const p = new Params();
  p.values.push(...source.values);
  const where = types.map((t) => source.where(p, [t]));
  const snap = snapshot ? `${p.add(snapshot)}::pg_snapshot` : "";
  const parts: string[] = [];
  for (const w of where) {
    const unchanged = snap ? ` AND (key_xid IS NULL OR pg_visible_in_snapshot(key_xid, ${snap}))` : "";
    const from = after ? keyset(p, col, "id", sort, order, after) : "";
    parts.push(`(SELECT ${PAGE_COLUMNS}, ${col} AS wk FROM files WHERE ${w}${unchanged}${from}
      ORDER BY ${col} ${d}, id ${d} LIMIT ${take})`);
    if (!snap || sort === "id") continue;
    // Rows changed after the walk began, at their keys before the first such change.
    const from2 = after ? keyset(p, "m.k", "files.id", sort, order, after) : "";
    // By takenAt, such a row also shows the takenAt it stands at, so a client grouping by it sees the walk's order.
    const columns = PAGE_COLUMNS.split(", ")
      .map((c) => (c === "taken_at" && sort === "takenAt" ? "m.taken_at" : `files.${c}`))
      .join(", ");
    parts.push(`(SELECT ${columns}, m.k AS wk FROM files JOIN (
        SELECT DISTINCT ON (file_id) file_id, ${col} AS k, taken_at FROM file_key_changes
        WHERE xid >= pg_snapshot_xmin(${snap}) AND NOT pg_visible_in_snapshot(xid, ${snap})
        ORDER BY file_id, seq
      ) m ON m.file_id = files.id WHERE ${w}${from2} ORDER BY m.k ${d}, files.id ${d} LIMIT ${take})`);
  }
  const [row] = await db.query<{ rows: WalkRow[]; snap: string }>(
    `${source.cte}SELECT coalesce(json_agg(p ORDER BY p.wk ${d}, p.id ${d}), '[]') AS rows,
       pg_current_snapshot()::text AS snap
     FROM (SELECT * FROM (${parts.join(" UNION ALL ")}) u ORDER BY wk ${d}, id ${d} LIMIT ${take}) p`,
    p.values,
  );
  return { rows: row?.rows ?? [], snapshot: row?.snap ?? "" };
}

/** The cursor that continues after `row`, in the walk whose first page was read in `snapshot`. */
function cursorAfter(row: WalkRow, paging: CursorPaging, snapshot: string): string {
  const key = paging.sort === "id" ? null : String(row.wk);
  return encodeCursor({ sort: paging.sort, order: paging.order, seg: row.type, key, id: row.id, snapshot });
}

/** One cursor page of a find, folders first; `meta.nextCursor` only when more rows follow. */
export async function findCursorPage(db: Queryable, filter: FindFilter, paging: CursorPaging): Promise<CursorList> {
  if (filter.status === "pending_deletion") return { items: [], meta: {} };
  const after = paging.cursor ? decodeCursor(paging.cursor, paging.sort, paging.order) : undefined;
  const source = sourceOf(filter);
  // One row more than the page tells whether another page follows, so a walk never ends on an empty page.
  const want = paging.limit + 1;
  const rows: WalkRow[] = [];
  let snapshot = after?.snapshot;
  // Folders first: one read per segment, from the cursor's segment on. Mixed: one read of both.
  const groups = paging.mixed ? [segmentTypes(filter.type)] : segmentTypes(filter.type).map((t) => [t]);
  for (const types of groups) {
    if (rows.length >= want) break;
    const seg = types[0] as SegmentType;
    if (!paging.mixed && after && SEG_RANK[seg] < SEG_RANK[after.seg]) continue;
    const from = paging.mixed || after?.seg === seg ? after : undefined;
    const read = await walkPage(db, source, types, from, after?.snapshot, paging, want - rows.length);
    rows.push(...read.rows);
    // A first page's walk stands at the snapshot of its last read: the segments before it are behind the cursor.
    if (!after) snapshot = read.snapshot;
  }
  const page = rows.slice(0, paging.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toFileOut),
    meta: rows.length > paging.limit && last ? { nextCursor: cursorAfter(last, paging, snapshot ?? "") } : {},
  };
}

/**
 * A first page answered for both generations: the 1.8 list of page 1 with `meta.nextCursor` after its last item
 * when more follow, so a cursor walk can go on from it.
 */
export async function withNextCursor(
  db: Queryable,
  list: FileList,
  paging: Omit<CursorPaging, "cursor">,
): Promise<FileList & { meta: { nextCursor?: string } }> {
  const last = list.items[list.items.length - 1];
  if (!last || list.meta.count <= list.items.length) return list;
  const col = SORTS[paging.sort].file;
  // The walk stands at this read's snapshot; a rename committed between the listing's read and this one is the one
  // change it can place wrongly (docs/api.md).
  const [row] = await db.query<WalkRow & { snap: string }>(
    `SELECT id, type, to_json(${col}) #>> '{}' AS wk, pg_current_snapshot()::text AS snap FROM files WHERE id = $1`,
    [last.id],
  );
  if (!row) return list;
  return { ...list, meta: { ...list.meta, nextCursor: cursorAfter(row, paging, row.snap) } };
}
