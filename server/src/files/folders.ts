import { v7 as uuidv7 } from "uuid";
import type { Queryable } from "../db/index.js";
import { nameSortKey } from "../db/name-key.js";
import { conflict, notFound } from "../http/errors.js";
import { refuseLocked } from "../webdav/locks.js";
import type { FileRow } from "./file-row.js";
import { FOLDER_MIME } from "./lib/mime.js";
import { checkName } from "./lib/names.js";
import { getRootFolder, isUuid, parentPath, pathSegments, requireOwnedFolder, resolvePath } from "./tree.js";

/**
 * The folder `name` in `parentId`, created when missing; 409 when a file holds that name. Locks it. A folder it creates
 * is a write at `path` (its drive path), refused while a WebDAV lock covers it or its parent (webdav/locks.ts).
 */
async function ensureChildFolder(
  q: Queryable,
  userId: number,
  parentId: string,
  name: string,
  path: string,
): Promise<FileRow> {
  const inserted = await q.query(
    `INSERT INTO files (id, name, name_key, type, mime_type, user_id, parent_id)
     VALUES ($1, $2, $3, 'folder', $4, $5, $6)
     ON CONFLICT (user_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), name)
       WHERE status = 'active' DO NOTHING RETURNING id`,
    [uuidv7(), name, nameSortKey(name), FOLDER_MIME, userId, parentId],
  );
  if (inserted.length > 0) await refuseLocked(q, userId, async () => [{ path }, { path: parentPath(path) }]);
  const rows = await q.query<FileRow>(
    "SELECT * FROM files WHERE user_id = $1 AND parent_id = $2 AND name = $3 AND status = 'active' FOR SHARE",
    [userId, parentId, name],
  );
  const row = rows[0];
  if (!row) throw notFound("folder not found");
  if (row.type !== "folder") throw conflict(`"${name}" already exists and is a file`);
  return row;
}

/**
 * mkdir -p below the user's root; every segment must be a valid name. Returns the last folder, locked. The caller took
 * the WebDAV lock table first (`lockTableFor(q, userId, "write")`): making a folder where a lock holds is a 423.
 */
export async function makeDirs(q: Queryable, userId: number, path: string): Promise<FileRow> {
  const segments = pathSegments(path).map(checkName);
  let folder = await getRootFolder(q, userId);
  for (const [i, name] of segments.entries())
    folder = await ensureChildFolder(q, userId, folder.id, name, `/${segments.slice(0, i + 1).join("/")}`);
  return folder;
}

/**
 * A destination given as a folder id or a path; 404 when it is not one of the user's folders. It stays locked
 * (shared) until the transaction ends, so it cannot be deleted while something moves or copies into it.
 */
export async function resolveDestination(q: Queryable, userId: number, destination: string): Promise<FileRow> {
  if (isUuid(destination)) return requireOwnedFolder(q, userId, destination, "share");
  const folder = await resolvePath(q, userId, destination, "share");
  if (!folder) throw notFound("destination folder not found");
  return folder;
}

/**
 * Serialises a user's folder moves: checking "the destination is not inside the folder" and moving must happen
 * as one step, or two crossed moves (X into Y, Y into X) both pass the check and make a cycle. Held until the
 * transaction ends; moves of files only need no lock (a file cannot contain anything).
 */
export async function lockMoves(q: Queryable, userId: number): Promise<void> {
  await q.query("SELECT pg_advisory_xact_lock(7001, $1::int)", [userId % 2_147_483_647]);
}
