import type { Queryable } from "../db/index.js";
import { childCount } from "./counts.js";
import { type FileList, type FileOutRow, LIST_COLUMNS, toFileOut } from "./file-row.js";
import { queryWords } from "./lib/clean-name.js";
import type { DateFilter } from "./lib/updated-at.js";

export type SortField = "name" | "updatedAt" | "size" | "id";
export type SortOrder = "asc" | "desc";

const SORT_COLUMNS: Record<SortField, string> = { name: "name", updatedAt: "updated_at", size: "size", id: "id" };
const DATE_OPS: Record<DateFilter["op"], string> = { gte: ">=", lte: "<=", eq: "=", gt: ">", lt: "<" };

export interface Paging {
  sort: SortField;
  order: SortOrder;
  page: number;
  limit: number;
}

/** What a `find` may filter on; every field is optional. `scope` and `subtree` pick the folders searched. */
export interface FindFilter {
  userId: number;
  /** Only direct children of this folder (already checked to be the user's). */
  parentId?: string;
  /** With parentId: every row below it instead of only its children. */
  subtree?: boolean;
  /** `parent_id IS NULL`: only the root folder row (Teldrive's `parentId=nil`). */
  rootOnly?: boolean;
  name?: string;
  query?: string;
  searchType?: "text" | "regex";
  type?: "file" | "folder";
  categories?: string[];
  updatedAt?: DateFilter[];
  shared?: boolean;
  status?: "active" | "pending_deletion";
}

/** Only the active children of one folder, unfiltered: their number is the folder's child_count. */
function isPlainChildren(f: FindFilter): boolean {
  return (
    !f.subtree &&
    !f.rootOnly &&
    (f.status ?? "active") === "active" &&
    f.name === undefined &&
    !f.query &&
    !f.type &&
    !f.categories?.length &&
    !f.updatedAt?.length &&
    !f.shared
  );
}

/** Builds the WHERE clause; values always go through parameters. */
function buildWhere(f: FindFilter): { cte: string; where: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  // A literal status lets the planner use the partial indexes (status = 'active').
  const conds = [`status = '${f.status === "pending_deletion" ? "pending_deletion" : "active"}'`];
  let cte = "";
  if (f.rootOnly) {
    conds.push(`user_id = ${p(f.userId)}`, "parent_id IS NULL");
  } else if (f.parentId && f.subtree) {
    cte = `WITH RECURSIVE scope(id) AS (
      SELECT ${p(f.parentId)}::uuid
      UNION ALL
      SELECT c.id FROM files c JOIN scope s ON c.parent_id = s.id WHERE c.type = 'folder'
    ) `;
    conds.push(`parent_id IN (SELECT id FROM scope)`);
  } else if (f.parentId) {
    // Children of a user's folder are the user's; leaving user_id out keeps the scan index-only.
    conds.push(`parent_id = ${p(f.parentId)}`);
  } else {
    conds.push(`user_id = ${p(f.userId)}`, "parent_id IS NOT NULL");
  }
  if (f.name !== undefined) conds.push(`name = ${p(f.name)}`);
  if (f.query) {
    if (f.searchType === "regex") conds.push(`name ~* ${p(f.query)}`);
    // Words hold only letters and digits, so they need no LIKE escaping; ILIKE can use the trigram index.
    else for (const word of queryWords(f.query)) conds.push(`name ILIKE ${p(`%${word}%`)}`);
  }
  if (f.type) conds.push(`type = ${p(f.type)}`);
  if (f.categories && f.categories.length > 0) {
    const wantsFolders = f.categories.includes("folder");
    const cats = f.categories.filter((c) => c !== "folder");
    const ors: string[] = [];
    if (cats.length > 0) ors.push(`(type = 'file' AND category = ANY(${p(cats)}::text[]))`);
    if (wantsFolders) ors.push("type = 'folder'");
    conds.push(`(${ors.join(" OR ")})`);
  }
  for (const d of f.updatedAt ?? []) conds.push(`updated_at ${DATE_OPS[d.op]} ${p(d.date)}::timestamptz`);
  if (f.shared)
    conds.push(`EXISTS (SELECT 1 FROM file_shares s WHERE s.file_id = files.id AND s.user_id = ${p(f.userId)})`);
  return { cte, where: conds.join(" AND "), params };
}

/**
 * One page of matches plus the total count. Plain OFFSET/LIMIT with `id` as the tiebreaker, so equal
 * sort values never make rows skip or repeat between pages; the indexes (parent_id, <sort>, id) serve it.
 */
export async function findFiles(db: Queryable, filter: FindFilter, paging: Paging): Promise<FileList> {
  const { cte, where, params } = buildWhere(filter);
  const dir = paging.order === "desc" ? "DESC" : "ASC";
  const column = SORT_COLUMNS[paging.sort];
  const orderBy = column === "id" ? `id ${dir}` : `${column} ${dir}, id ${dir}`;
  const offset = (paging.page - 1) * paging.limit;
  const items = await db.query<FileOutRow>(
    // The page's ids come from an index-only scan; only those rows are read from the table, not the skipped ones.
    `${cte}SELECT ${LIST_COLUMNS} FROM (
       SELECT id FROM files WHERE ${where} ORDER BY ${orderBy} LIMIT ${paging.limit} OFFSET ${offset}
     ) page JOIN files USING (id) ORDER BY ${orderBy}`,
    params,
  );
  // A short, non-empty page (or an empty first page) is the last one, so it already tells the total.
  const isLast = items.length < paging.limit && (items.length > 0 || offset === 0);
  let count = offset + items.length;
  if (!isLast && filter.parentId && isPlainChildren(filter)) count = await childCount(db, filter.parentId);
  else if (!isLast)
    count =
      (await db.query<{ count: number }>(`${cte}SELECT count(*) AS count FROM files WHERE ${where}`, params))[0]
        ?.count ?? 0;
  return {
    items: items.map(toFileOut),
    meta: { count, totalPages: Math.ceil(count / paging.limit), currentPage: paging.page },
  };
}

/**
 * The children of one of the user's folders, one page. Another user's folder (or an unknown id)
 * gives an empty list; callers that must answer 404 check ownership first.
 */
export async function listFolder(
  db: Queryable,
  opts: { userId: number; parentId: string } & Partial<Paging>,
): Promise<FileList> {
  const paging: Paging = {
    sort: opts.sort ?? "name",
    order: opts.order ?? "asc",
    page: opts.page ?? 1,
    limit: opts.limit ?? 500,
  };
  const owned = await db.query(
    "SELECT 1 FROM files WHERE id = $1 AND user_id = $2 AND type = 'folder' AND status = 'active'",
    [opts.parentId, opts.userId],
  );
  if (owned.length === 0) return { items: [], meta: { count: 0, totalPages: 0, currentPage: paging.page } };
  return findFiles(db, { userId: opts.userId, parentId: opts.parentId }, paging);
}
