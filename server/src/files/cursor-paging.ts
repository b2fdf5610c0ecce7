import type { Compat } from "../config.js";
import type { Queryable } from "../db/index.js";
import { type FileList, type FileOut, type FileOutRow, toFileOut } from "./file-row.js";
import { type Cursor, decodeCursor, encodeCursor } from "./lib/cursor.js";
import type { SegmentType } from "./lib/segments.js";
import { orderBy, SORTS, type SortField, type SortOrder } from "./lib/sorts.js";
import { type FindFilter, filtered, plainScopeOf, segmentTypes } from "./list.js";
import { type Filtered, jsonRows, PAGE_COLUMNS, Params, type PlainScope } from "./paging.js";

/**
 * Cursor paging (Teldrive main's API, "API-B"): `?cursor=` and `meta.nextCursor` instead of `page` and
 * `meta.count/totalPages/currentPage`.
 *
 * A page is a keyset read: the rows after the cursor's (segment, sort key, id) along the same indexes page 1 reads
 * (`(scope, type, key, id)`, migration 3), so page 2,000 costs what page 1 does and nothing is counted. Folders still
 * come first in every order. A row inserted, deleted or moved during a walk changes no other row's place, so a walk
 * sees every row that stays in the listing exactly once; one inserted or moved in behind the cursor is not seen.
 */

export interface CursorPaging {
  sort: SortField;
  order: SortOrder;
  limit: number;
  /** The `cursor` sent; absent or "" for the first page. */
  cursor?: string;
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

const SEG_RANK: Record<SegmentType, number> = { folder: 0, file: 1 };

/** `AND (key, id) > cursor` (or `<` descending) for the cursor's own segment. */
function keyset(p: Params, sort: SortField, order: SortOrder, after: Cursor): string {
  const op = order === "asc" ? ">" : "<";
  const id = `${p.add(after.id)}::uuid`;
  if (sort === "id") return ` AND id ${op} ${id}`;
  const cast = { name: `text COLLATE "C"`, size: "bigint", updatedAt: "timestamptz" }[sort];
  return ` AND (${SORTS[sort].file}, id) ${op} (${p.add(after.key)}::${cast}, ${id})`;
}

async function segmentPage(
  db: Queryable,
  source: { plain: PlainScope } | { filtered: Filtered },
  seg: SegmentType,
  after: Cursor | undefined,
  paging: CursorPaging,
  take: number,
): Promise<PageRow[]> {
  const { sort, order } = paging;
  const p = new Params();
  if ("plain" in source) {
    const where = `${source.plain.where(p)} AND status = 'active' AND type = ${p.add(seg)}`;
    const from = after ? keyset(p, sort, order, after) : "";
    return (await jsonRows(
      db,
      `SELECT ${PAGE_COLUMNS} FROM files WHERE ${where}${from} ORDER BY ${orderBy(sort, order)} LIMIT ${take}`,
      p.values,
      sort,
      order,
    )) as PageRow[];
  }
  const f = source.filtered;
  p.values.push(...f.params.values);
  const where = `${f.where} AND type = ${p.add(seg)}`;
  const from = after ? keyset(p, sort, order, after) : "";
  // The page's ids come from the index alone; only those rows are read from the table.
  return (await jsonRows(
    db,
    `${f.cte}SELECT ${PAGE_COLUMNS.replaceAll(/(\w+)/g, "files.$1")} FROM (
       SELECT id FROM files WHERE ${where}${from} ORDER BY ${orderBy(sort, order)} LIMIT ${take}
     ) page JOIN files USING (id)`,
    p.values,
    sort,
    order,
  )) as PageRow[];
}

/** The cursor that continues after `row`. */
function cursorAfter(row: PageRow, paging: CursorPaging): string {
  const key = { name: row.name_key, size: String(row.size), updatedAt: String(row.updated_at), id: null }[paging.sort];
  return encodeCursor({ sort: paging.sort, order: paging.order, seg: row.type, key, id: row.id });
}

/** One cursor page of a find, folders first; `meta.nextCursor` only when more rows follow. */
export async function findCursorPage(db: Queryable, filter: FindFilter, paging: CursorPaging): Promise<CursorList> {
  if (filter.status === "pending_deletion") return { items: [], meta: {} };
  const after = paging.cursor ? decodeCursor(paging.cursor, paging.sort, paging.order) : undefined;
  const plain = plainScopeOf(filter);
  const source = plain ? { plain } : { filtered: filtered(filter) };
  // One row more than the page tells whether another page follows, so a walk never ends on an empty page.
  const want = paging.limit + 1;
  const rows: PageRow[] = [];
  for (const seg of segmentTypes(filter.type)) {
    if (rows.length >= want) break;
    if (after && SEG_RANK[seg] < SEG_RANK[after.seg]) continue;
    const from = after?.seg === seg ? after : undefined;
    rows.push(...(await segmentPage(db, source, seg, from, paging, want - rows.length)));
  }
  const page = rows.slice(0, paging.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toFileOut),
    meta: rows.length > paging.limit && last ? { nextCursor: cursorAfter(last, paging) } : {},
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
  const [row] = await db.query<PageRow>(
    `SELECT id, type, name_key, size, to_json(updated_at) #>> '{}' AS updated_at FROM files WHERE id = $1`,
    [last.id],
  );
  if (!row) return list;
  return { ...list, meta: { ...list.meta, nextCursor: cursorAfter(row, paging) } };
}
