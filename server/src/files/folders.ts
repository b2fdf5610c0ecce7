import { v7 as uuidv7 } from "uuid";
import type { Queryable } from "../db/index.js";
import { conflict, notFound } from "../http/errors.js";
import { adjustChildCount } from "./counts.js";
import type { FileRow } from "./file-row.js";
import { FOLDER_MIME } from "./lib/mime.js";
import { checkName } from "./lib/names.js";
import { getRootFolder, isUuid, pathSegments, requireOwnedFolder, resolvePath } from "./tree.js";

/** The folder `name` in `parentId`, created when missing; 409 when a file holds that name. */
async function ensureChildFolder(q: Queryable, userId: number, parentId: string, name: string): Promise<FileRow> {
  const inserted = await q.query(
    `INSERT INTO files (id, name, type, mime_type, user_id, parent_id) VALUES ($1, $2, 'folder', $3, $4, $5)
     ON CONFLICT (user_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), name)
       WHERE status = 'active' DO NOTHING RETURNING id`,
    [uuidv7(), name, FOLDER_MIME, userId, parentId],
  );
  await adjustChildCount(q, parentId, inserted.length);
  const rows = await q.query<FileRow>(
    "SELECT * FROM files WHERE user_id = $1 AND parent_id = $2 AND name = $3 AND status = 'active'",
    [userId, parentId, name],
  );
  const row = rows[0];
  if (!row) throw notFound("folder not found");
  if (row.type !== "folder") throw conflict(`"${name}" already exists and is a file`);
  return row;
}

/** mkdir -p below the user's root; every segment must be a valid name. Returns the last folder. */
export async function makeDirs(q: Queryable, userId: number, path: string): Promise<FileRow> {
  const segments = pathSegments(path).map(checkName);
  let folder = await getRootFolder(q, userId);
  for (const name of segments) folder = await ensureChildFolder(q, userId, folder.id, name);
  return folder;
}

/** A destination given as a folder id or a path; 404 when it is not one of the user's folders. */
export async function resolveDestination(q: Queryable, userId: number, destination: string): Promise<FileRow> {
  if (isUuid(destination)) return requireOwnedFolder(q, userId, destination);
  const folder = await resolvePath(q, userId, destination);
  if (!folder) throw notFound("destination folder not found");
  return folder;
}
