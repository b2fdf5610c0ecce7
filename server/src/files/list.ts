import { timeoutError } from "../db/errors.js";
import type { Queryable } from "../db/index.js";
import { HttpError } from "../http/errors.js";
import { cachedCount, driveVersion, rememberCount } from "./count-cache.js";
import type { FileList, FileOutRow } from "./file-row.js";
import { toFileOut } from "./file-row.js";
import { queryWords } from "./lib/clean-name.js";
import { type Segment, type SegmentType, segmentRanges } from "./lib/segments.js";
import type { SortField, SortOrder } from "./lib/sorts.js";
import type { DateFilter } from "./lib/updated-at.js";
import {
  categoryScope,
  driveScope,
  type Filtered,
  filteredCounts,
  filteredSegmentRows,
  folderScope,
  Params,
  type PlainScope,
  plainSegmentRows,
  scopeCounts,
} from "./paging.js";
import { MAX_DEPTH } from "./tree.js";

export type { SortField, SortOrder } from "./lib/sorts.js";

const DATE_OPS: Record<DateFilter["op"], string> = { gte: ">=", lte: "<=", eq: "=", gt: ">", lt: "<" };

export interface Paging {
  sort: SortField;
  order: SortOrder;
  page: number;
  limit: number;
}

/** What a `find` may filter on; every field is optional. `parentId` and `subtree` pick the folders searched. */
export interface FindFilter {
  userId: number;
  /** Only direct children of this folder (already checked to be the user's). */
  parentId?: string;
  /** With parentId: every row below it instead of only its children. */
  subtree?: boolean;
  /** With subtree: parentId is the user's root, so the subtree is the whole drive. */
  parentIsRoot?: boolean;
  /** `parent_id IS NULL`: only the root folder row (Teldrive's `parentId=nil`). */
  rootOnly?: boolean;
  name?: string;
  query?: string;
  searchType?: "text" | "regex";
  type?: SegmentType;
  categories?: string[];
  updatedAt?: DateFilter[];
  shared?: boolean;
  status?: "active" | "pending_deletion";
  /** Only these rows (the matches of a regex found step by step, see `regexInSteps`). */
  ids?: string[];
}

export interface FindOptions {
  /**
   * Match a regex search a few hundred rows per statement instead of in one statement (PGlite, whose one
   * connection every request shares: see `regexMatches`).
   */
  regexInSteps?: boolean;
  /** The totals, already known (from the regex steps). */
  counted?: { folder: number; file: number };
}

/** Segments a `type` filter keeps. */
export const segmentTypes = (type: SegmentType | undefined): SegmentType[] => (type ? [type] : ["folder", "file"]);

/**
 * The stored scope that is exactly this filter's rows, if there is one: a folder's children, the whole drive
 * (also a deep listing from the root), or the drive's files of one category; `type` only picks segments.
 */
export function plainScopeOf(f: FindFilter): PlainScope | null {
  const filtered =
    f.rootOnly ||
    f.ids !== undefined ||
    f.name !== undefined ||
    Boolean(f.query) ||
    Boolean(f.updatedAt?.length) ||
    f.shared ||
    (f.status ?? "active") !== "active";
  if (filtered) return null;
  const cats = f.categories ?? [];
  const wholeDrive = !f.parentId || (f.subtree && f.parentIsRoot);
  if (cats.length === 0) {
    if (wholeDrive) return driveScope(f.userId);
    return f.subtree ? null : folderScope(f.parentId ?? "");
  }
  const [only] = cats;
  if (cats.length === 1 && only && only !== "folder" && wholeDrive && f.type !== "folder")
    return categoryScope(f.userId, only);
  return null;
}

/** Whether a find costs more than a page of a stored scope (the searches that are rate-limited). */
export const isSearch = (f: FindFilter) => plainScopeOf(f) === null;

/** The WHERE clause of a filtered find; values always go through parameters. */
export function filtered(f: FindFilter): Filtered {
  const p = new Params();
  const conds = ["status = 'active'"];
  let cte = "";
  if (f.rootOnly) {
    conds.push(`user_id = ${p.add(f.userId)}`, "parent_id IS NULL");
  } else if (f.parentId && f.subtree && !f.parentIsRoot) {
    // Bounded depth: a cycle (which moves prevent) could not make it run forever.
    cte = `WITH RECURSIVE scope(id, depth) AS (
      SELECT ${p.add(f.parentId)}::uuid, 0
      UNION ALL
      SELECT c.id, s.depth + 1 FROM files c JOIN scope s ON c.parent_id = s.id
      WHERE c.type = 'folder' AND c.status = 'active' AND s.depth < ${MAX_DEPTH}
    ) `;
    conds.push("parent_id IN (SELECT id FROM scope)");
  } else if (f.parentId && !f.subtree) {
    // Children of a user's folder are the user's.
    conds.push(`parent_id = ${p.add(f.parentId)}`);
  } else {
    conds.push(`user_id = ${p.add(f.userId)}`, "parent_id IS NOT NULL");
  }
  if (f.ids !== undefined) conds.push(`id = ANY(${p.add(f.ids)}::uuid[])`);
  if (f.name !== undefined) conds.push(`name = ${p.add(f.name)}`);
  if (f.query) {
    if (f.searchType === "regex") conds.push(`name ~* ${p.add(f.query)}`);
    // Words hold only letters and digits, so they need no LIKE escaping; ILIKE can use the trigram index.
    else for (const word of queryWords(f.query)) conds.push(`name ILIKE ${p.add(`%${word}%`)}`);
  }
  if (f.categories && f.categories.length > 0) {
    const wantsFolders = f.categories.includes("folder");
    const cats = f.categories.filter((c) => c !== "folder");
    const ors: string[] = [];
    if (cats.length > 0) ors.push(`(type = 'file' AND category = ANY(${p.add(cats)}::text[]))`);
    if (wantsFolders) ors.push("type = 'folder'");
    conds.push(`(${ors.join(" OR ")})`);
  }
  for (const d of f.updatedAt ?? []) conds.push(`updated_at ${DATE_OPS[d.op]} ${p.add(d.date)}::timestamptz`);
  if (f.shared)
    conds.push(`EXISTS (SELECT 1 FROM file_shares s WHERE s.file_id = files.id AND s.user_id = ${p.add(f.userId)})`);
  return { cte, where: conds.join(" AND "), params: p };
}

/** Totals of a filtered find; searches and subtrees are remembered for a while (count-cache.ts). */
async function filteredTotals(db: Queryable, f: FindFilter, q: Filtered): Promise<{ folder: number; file: number }> {
  const cacheable = Boolean(f.query) || f.subtree || Boolean(f.updatedAt?.length) || Boolean(f.categories?.length);
  if (!cacheable) return filteredCounts(db, q);
  const key = JSON.stringify({ ...f, type: undefined });
  // Read before counting: a change committed in between makes the total newer than its version, never older.
  const version = await driveVersion(db, f.userId);
  const hit = cachedCount(f.userId, key, version);
  if (hit) return hit;
  const counts = await filteredCounts(db, q);
  rememberCount(f.userId, key, version, counts);
  return counts;
}

/** Rows a regex search looks at per step: read without the regex, then matched in slices. */
const CANDIDATES_PER_STEP = 20_000;
const FIRST_SLICE = 256;
const MAX_SLICE = 8192;
/** A slice should take about this long; the next slice is sized from the last one's rate. */
const SLICE_TARGET_MS = 40;
/** Database time one stepped search may take in all; past it, it fails like a statement past the time limit. */
const STEPPED_SEARCH_MS = 10_000;
/** Matches a stepped search lists at most (their ids go into the page's statement). */
const STEPPED_MATCHES_MAX = 100_000;

/**
 * The rows of a regex find, found in short statements: the candidates (the find without its regex) by id, a page of
 * CANDIDATES_PER_STEP at a time, then the regex over slices of them sized to take ~40 ms each. PGlite has one
 * connection and runs a statement to its end: a regex the guard lets through can still cost a millisecond per name,
 * seconds over a big drive, and as one statement it held every other request for as long. In steps, other requests
 * take their turns between them. Counts come with the matches, so the find needs no counting statement of its own.
 */
async function regexMatches(db: Queryable, f: FindFilter): Promise<Matches> {
  const base = filtered({ ...f, query: undefined });
  const found = { ids: [] as string[], folder: 0, file: 0 };
  let spentMs = 0;
  let slice = FIRST_SLICE;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const p = new Params();
    p.values.push(...base.params.values);
    const candidates = await db.query<{ id: string }>(
      `${base.cte}SELECT id FROM files WHERE ${base.where} AND id > ${p.add(after)}::uuid ORDER BY id LIMIT ${CANDIDATES_PER_STEP}`,
      p.values,
    );
    for (let i = 0; i < candidates.length; ) {
      const ids = candidates.slice(i, i + slice).map((c) => c.id);
      const started = Date.now();
      const rows = await db.query<{ id: string; type: "folder" | "file" }>(
        "SELECT id, type FROM files WHERE id = ANY($1::uuid[]) AND name ~* $2",
        [ids, f.query],
      );
      const took = Math.max(1, Date.now() - started);
      spentMs += took;
      if (spentMs > STEPPED_SEARCH_MS) throw timeoutError();
      for (const row of rows) {
        found.ids.push(row.id);
        found[row.type]++;
      }
      if (found.ids.length > STEPPED_MATCHES_MAX)
        throw new HttpError(503, `the search matches over ${STEPPED_MATCHES_MAX} files; narrow it down`);
      i += ids.length;
      slice = Math.max(16, Math.min(MAX_SLICE, Math.round((ids.length * SLICE_TARGET_MS) / took)));
    }
    const last = candidates[candidates.length - 1];
    if (!last || candidates.length < CANDIDATES_PER_STEP) return found;
    after = last.id;
  }
}

interface Matches {
  ids: string[];
  folder: number;
  file: number;
}

/**
 * Recent stepped matches, so paging through a regex search's results does not match the drive again for every page.
 * Like the counts (count-cache.ts) each is used only at the drive version it was found at, for a minute; only
 * results of up to STEPPED_KEPT_MAX rows are kept, and at most STEPPED_KEPT entries in all (the oldest goes).
 */
const steppedKept = new Map<string, Matches & { version: number; until: number }>();
const STEPPED_KEPT = 64;
const STEPPED_KEPT_MAX = 5000;

async function regexMatchesKept(db: Queryable, f: FindFilter): Promise<Matches> {
  const key = JSON.stringify({ ...f, type: undefined });
  const version = await driveVersion(db, f.userId);
  const kept = steppedKept.get(key);
  if (kept && kept.version === version && kept.until > Date.now()) return kept;
  const found = await regexMatches(db, f);
  if (found.ids.length <= STEPPED_KEPT_MAX) {
    steppedKept.delete(key);
    if (steppedKept.size >= STEPPED_KEPT) {
      const oldest = steppedKept.keys().next().value;
      if (oldest !== undefined) steppedKept.delete(oldest);
    }
    steppedKept.set(key, { ...found, version, until: Date.now() + 60_000 });
  }
  return found;
}

const emptyList = (page: number): FileList => ({ items: [], meta: { count: 0, totalPages: 0, currentPage: page } });

/**
 * One page of matches, folders first in every order, with the total. Stored scopes (a folder, the drive, a
 * category) read their totals from `scope_counts` and deep pages from their marks (paging.ts); filtered finds count
 * their matches (remembered for a minute) and skip with OFFSET. `id` breaks ties, so rows never skip or repeat
 * between pages of an unchanged listing.
 */
export async function findFiles(
  db: Queryable,
  filter: FindFilter,
  paging: Paging,
  options: FindOptions = {},
): Promise<FileList> {
  // Deletes are immediate here: nothing is ever pending deletion.
  if (filter.status === "pending_deletion") return emptyList(paging.page);
  if (options.regexInSteps && filter.searchType === "regex" && filter.query) {
    const matches = await regexMatchesKept(db, filter);
    return findFiles(db, { ...filter, query: undefined, ids: matches.ids }, paging, { counted: matches });
  }
  const plain = plainScopeOf(filter);
  const q = plain ? null : filtered(filter);
  const totals = plain
    ? await scopeCounts(db, plain)
    : (options.counted ?? (await filteredTotals(db, filter, q as Filtered)));
  const segments: Segment[] = segmentTypes(filter.type).map((type) => ({ type, count: totals[type] }));
  const count = segments.reduce((sum, s) => sum + s.count, 0);
  const items: FileOutRow[] = [];
  for (const range of segmentRanges(segments, (paging.page - 1) * paging.limit, paging.limit)) {
    const rows = plain
      ? await plainSegmentRows(db, plain, range, paging.sort, paging.order)
      : await filteredSegmentRows(db, q as Filtered, range, paging.sort, paging.order);
    items.push(...rows);
  }
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
  if (owned.length === 0) return emptyList(paging.page);
  return findFiles(db, { userId: opts.userId, parentId: opts.parentId }, paging);
}
