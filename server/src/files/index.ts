/**
 * Files module: Teldrive's `/api/files…` calls (routes.ts) and helpers other modules may use.
 *
 * Exported for other modules (e.g. public shares):
 * - `toFileOut(row)`: a `files` row -> Teldrive's `File` JSON (id, name, type, mimeType, category?,
 *   parentId?, size (number, 0 for folders), encrypted, hash?, updatedAt RFC 3339 whole seconds).
 * - `resolvePath(db, userId, path)`: the user's folder row at "/a/b" (relative to the hidden root;
 *   "/" is the root), or null when missing or when a segment is a file.
 * - `listFolder(db, {userId, parentId, sort?, order?, page?, limit?})`: one page of a folder's children
 *   as `{items, meta}` (plain OFFSET/LIMIT, id tiebreak); empty when the folder is not the user's.
 * - `getOwnedFile(db, userId, id)`: the user's active row with that id, or null (also for non-UUIDs
 *   and other users' ids). `requireOwnedFile` throws 404 `file not found` instead.
 * - `isInsideFolder(db, fileId, folderId)`: true when fileId is folderId itself or anywhere below it.
 * - `pathOf(db, fileId)`: "/Docs/a.pdf" ("" for the root folder).
 * - `FileRow`, `FileOut`, `FileList` types; `SortField`, `SortOrder`.
 * - `adjustChildCount(q, folderId, delta)`: `files.child_count` (active rows directly in a folder) is
 *   what folder pages report as `meta.count`; code outside this module that inserts, deletes or
 *   re-parents `files` rows must adjust it in the same transaction.
 */

export { adjustChildCount } from "./counts.js";
export { type FileList, type FileOut, type FileRow, toFileOut } from "./file-row.js";
export { listFolder, type SortField, type SortOrder } from "./list.js";
export { getOwnedFile, isInsideFolder, pathOf, requireOwnedFile, resolvePath } from "./tree.js";
