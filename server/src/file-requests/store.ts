import type { FileRequest, FileRequestPublic } from "@drive/contract";
import type { Queryable } from "../db/index.js";
import { MAX_DEPTH } from "../files/tree.js";
import { HttpError, notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";

/** A row of `file_requests` with its folder's name (the drive's top folder is "My Drive", as clients call it). */
export interface RequestRow {
  id: string;
  user_id: number;
  folder_id: string;
  title: string;
  password: string | null;
  expires_at: Date | null;
  max_file_size: number | null;
  max_files: number | null;
  uploads: number;
  bytes: number;
  last_upload_at: Date | null;
  created_at: Date;
  folder_name: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRequestId = (id: string) => UUID.test(id);

/** The folder's display name: the hidden top folder is the user's "My Drive". */
export const FOLDER_NAME_SQL = "CASE WHEN f.parent_id IS NULL THEN 'My Drive' ELSE f.name END";

/**
 * A request whose folder is still there, with every folder above it active (a folder moved to the trash takes its
 * requests out of use until it is restored); 404 otherwise, 410 once it has expired. `lock` locks the request row.
 */
export async function liveRequest(q: Queryable, id: string, lock = false): Promise<RequestRow> {
  if (!isRequestId(id)) throw notFound("file request not found");
  const [row] = await q.query<RequestRow>(
    `WITH RECURSIVE up(id, parent_id, status, depth) AS (
       SELECT f.id, f.parent_id, f.status, 0 FROM file_requests r JOIN files f ON f.id = r.folder_id WHERE r.id = $1
       UNION ALL
       SELECT p.id, p.parent_id, p.status, up.depth + 1 FROM up JOIN files p ON p.id = up.parent_id
       WHERE up.status = 'active' AND up.depth < ${MAX_DEPTH}
     )
     SELECT r.*, ${FOLDER_NAME_SQL} AS folder_name
     FROM file_requests r JOIN files f ON f.id = r.folder_id AND f.status = 'active' AND f.type = 'folder'
     WHERE r.id = $1 AND NOT EXISTS (SELECT 1 FROM up WHERE up.status <> 'active')${lock ? " FOR UPDATE OF r" : ""}`,
    [id],
  );
  if (!row) throw notFound("file request not found");
  if (row.expires_at && row.expires_at.getTime() <= Date.now())
    throw new HttpError(410, "this file request has expired");
  return row;
}

/** Files the request still takes, or undefined without a count limit. */
export const remainingOf = (row: Pick<RequestRow, "max_files" | "uploads">) =>
  row.max_files === null ? undefined : Math.max(0, row.max_files - row.uploads);

/** What an anonymous visitor may know of a request: never the folder's content, nor the owner. */
export function toPublic(row: RequestRow): FileRequestPublic {
  const remaining = remainingOf(row);
  return {
    title: row.title,
    folderName: row.folder_name,
    protected: row.password !== null,
    ...(row.expires_at ? { expiresAt: rfc3339(row.expires_at) } : {}),
    ...(row.max_file_size !== null ? { maxFileSize: Number(row.max_file_size) } : {}),
    ...(row.max_files !== null ? { maxFiles: row.max_files } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
  };
}

/** The owner's view of a request. */
export function toOwned(row: RequestRow & { folder_path: string }): FileRequest {
  return {
    id: row.id,
    title: row.title,
    folder: { id: row.folder_id, name: row.folder_name, path: row.folder_path || "/" },
    protected: row.password !== null,
    ...(row.expires_at ? { expiresAt: rfc3339(row.expires_at) } : {}),
    expired: row.expires_at !== null && row.expires_at.getTime() <= Date.now(),
    ...(row.max_file_size !== null ? { maxFileSize: Number(row.max_file_size) } : {}),
    ...(row.max_files !== null ? { maxFiles: row.max_files } : {}),
    uploads: row.uploads,
    bytes: Number(row.bytes),
    ...(row.last_upload_at ? { lastUploadAt: rfc3339(row.last_upload_at) } : {}),
    createdAt: rfc3339(row.created_at),
  };
}
