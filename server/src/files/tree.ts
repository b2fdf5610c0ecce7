import type { Queryable } from "../db/index.js";
import { notFound } from "../http/errors.js";
import type { FileRow } from "./file-row.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deepest folder nesting any recursive query follows. Moves cannot make cycles (tree-routes.ts), and this bound
 * keeps a query finite even if one existed.
 */
export const MAX_DEPTH = 1000;

/** Row locks a transaction may take on a file it reads: `share` keeps it from being deleted or moved meanwhile. */
export type RowLock = "share" | "update";
const LOCKS: Record<RowLock, string> = { share: " FOR SHARE", update: " FOR UPDATE" };

/** Ids that are not UUIDs can never exist; checking first keeps PostgreSQL from raising a cast error. */
export const isUuid = (s: string) => UUID.test(s);

/** The user's active file or folder with this id, or null (also for another user's id). */
export async function getOwnedFile(db: Queryable, userId: number, id: string, lock?: RowLock): Promise<FileRow | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query<FileRow>(
    `SELECT * FROM files WHERE id = $1 AND user_id = $2 AND status = 'active'${lock ? LOCKS[lock] : ""}`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/** Like getOwnedFile but a 404 `file not found` instead of null. */
export async function requireOwnedFile(db: Queryable, userId: number, id: string, lock?: RowLock): Promise<FileRow> {
  const row = await getOwnedFile(db, userId, id, lock);
  if (!row) throw notFound("file not found");
  return row;
}

/** Like requireOwnedFile, and it must be a folder. */
export async function requireOwnedFolder(db: Queryable, userId: number, id: string, lock?: RowLock): Promise<FileRow> {
  const row = await getOwnedFile(db, userId, id, lock);
  if (row?.type !== "folder") throw notFound("folder not found");
  return row;
}

export async function getRootFolder(db: Queryable, userId: number): Promise<FileRow> {
  const rows = await db.query<FileRow>(
    "SELECT * FROM files WHERE user_id = $1 AND parent_id IS NULL AND status = 'active' LIMIT 1",
    [userId],
  );
  const root = rows[0];
  if (!root) throw notFound("root folder not found");
  return root;
}

/** "/a//b/" -> ["a", "b"]. The path is always relative to the user's hidden root folder. */
export const pathSegments = (path: string) => path.split("/").filter((s) => s.length > 0);

/**
 * The user's folder at `path` ("/" or "" is the hidden root folder), or null when any segment is
 * missing or is a file. One query: walks the segments from the root with a recursive CTE.
 */
export async function resolvePath(
  db: Queryable,
  userId: number,
  path: string,
  lock?: RowLock,
): Promise<FileRow | null> {
  const segments = pathSegments(path);
  const rows = await db.query<FileRow>(
    `WITH RECURSIVE walk(id, depth) AS (
       SELECT id, 0 FROM files WHERE user_id = $1 AND parent_id IS NULL AND status = 'active' AND type = 'folder'
       UNION ALL
       SELECT f.id, walk.depth + 1 FROM walk
         JOIN files f ON f.parent_id = walk.id AND f.name = ($2::text[])[walk.depth + 1]
           AND f.status = 'active' AND f.type = 'folder'
       WHERE walk.depth < cardinality($2::text[])
     )
     SELECT files.* FROM walk JOIN files USING (id) WHERE walk.depth = cardinality($2::text[]) LIMIT 1`,
    [userId, segments],
  );
  const found = rows[0];
  // Locking rows of a recursive query is not allowed: lock the folder found, checking it is still there.
  if (!found || !lock) return found ?? null;
  return getOwnedFile(db, userId, found.id, lock);
}

/** True when `fileId` is `folderId` itself or lies anywhere below it. */
export async function isInsideFolder(db: Queryable, fileId: string, folderId: string): Promise<boolean> {
  if (!isUuid(fileId) || !isUuid(folderId)) return false;
  const rows = await db.query<{ inside: boolean }>(
    `WITH RECURSIVE up(id, parent_id, depth) AS (
       SELECT id, parent_id, 0 FROM files WHERE id = $1
       UNION ALL
       SELECT f.id, f.parent_id, up.depth + 1 FROM files f JOIN up ON f.id = up.parent_id
       WHERE up.depth < ${MAX_DEPTH} AND up.id <> $2
     )
     SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS inside`,
    [fileId, folderId],
  );
  return rows[0]?.inside ?? false;
}

/** "/Docs/a.pdf" for a file, "" for the root folder itself. */
export async function pathOf(db: Queryable, fileId: string): Promise<string> {
  const rows = await db.query<{ name: string }>(
    `WITH RECURSIVE up(id, parent_id, name, depth) AS (
       SELECT id, parent_id, name, 0 FROM files WHERE id = $1
       UNION ALL
       SELECT f.id, f.parent_id, f.name, up.depth + 1 FROM files f JOIN up ON f.id = up.parent_id
       WHERE up.depth < ${MAX_DEPTH}
     )
     SELECT name FROM up WHERE parent_id IS NOT NULL ORDER BY depth DESC`,
    [fileId],
  );
  return rows.map((r) => `/${r.name}`).join("");
}

/** The drive path of an item as WebDAV names it: "/Docs/a.pdf", "/" for the root folder. */
export async function drivePath(db: Queryable, fileId: string): Promise<string> {
  return (await pathOf(db, fileId)) || "/";
}

/** `name` in the folder at drive path `folder`. */
export const childPath = (folder: string, name: string) => (folder === "/" ? `/${name}` : `${folder}/${name}`);

/** The drive path of the folder holding `path` ("/" for the root's children). */
export const parentPath = (path: string) => path.slice(0, path.lastIndexOf("/")) || "/";

/** Ids of every row in the trees rooted at `ids` (the roots included), with their depth below them. */
export function subtreeSql(idsParam: string, opts: { foldersOnly?: boolean } = {}): string {
  return `WITH RECURSIVE tree(id, type, depth) AS (
       SELECT id, type, 0 FROM files WHERE id = ANY(${idsParam}::uuid[]) AND status = 'active'
       UNION ALL
       SELECT f.id, f.type, tree.depth + 1 FROM files f JOIN tree ON f.parent_id = tree.id
       WHERE tree.type = 'folder' AND f.status = 'active' AND tree.depth < ${MAX_DEPTH}${
         opts.foldersOnly ? " AND f.type = 'folder'" : ""
       }
     ) `;
}

/** What a folder holds, its whole subtree: the bytes of its active files and how many files and folders. */
export async function contentsOf(
  db: Queryable,
  userId: number,
  folderId: string,
): Promise<{ size: number; items: number }> {
  const rows = await db.query<{ size: number | string | null; items: number | string }>(
    `WITH RECURSIVE down(id, type, size, depth) AS (
       SELECT id, type, size, 0 FROM files WHERE id = $1 AND user_id = $2
       UNION ALL
       SELECT f.id, f.type, f.size, down.depth + 1 FROM files f JOIN down ON f.parent_id = down.id
       WHERE f.user_id = $2 AND f.status = 'active' AND down.type = 'folder' AND down.depth < ${MAX_DEPTH}
     )
     SELECT sum(size) FILTER (WHERE depth > 0) AS size, count(*) FILTER (WHERE depth > 0) AS items FROM down`,
    [folderId, userId],
  );
  return { size: Number(rows[0]?.size ?? 0), items: Number(rows[0]?.items ?? 0) };
}
