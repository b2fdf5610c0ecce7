/**
 * Files module: Teldrive's `/api/files…` calls (routes.ts) and helpers other modules may use.
 *
 * Exported for other modules (e.g. public shares):
 * - `toFileOut(row)`: a `files` row -> Teldrive's `File` JSON (id, name, type, mimeType, category?,
 *   parentId?, size (number, 0 for folders), encrypted, hash?, updatedAt RFC 3339 whole seconds).
 * - `resolvePath(db, userId, path)`: the user's folder row at "/a/b" (relative to the hidden root;
 *   "/" is the root), or null when missing or when a segment is a file.
 * - `listFolder(db, {userId, parentId, sort?, order?, page?, limit?})`: one page of a folder's children
 *   as `{items, meta}`, folders first, `id` breaking ties, at the cost of the page whatever its number
 *   (paging.ts); empty when the folder is not the user's.
 * - `getOwnedFile(db, userId, id)`: the user's active row with that id, or null (also for non-UUIDs
 *   and other users' ids). `requireOwnedFile` throws 404 `file not found` instead.
 * - `isInsideFolder(db, fileId, folderId)`: true when fileId is folderId itself or anywhere below it.
 * - `pathOf(db, fileId)`: "/Docs/a.pdf" ("" for the root folder).
 * - `findCursorPage(db, filter, {sort, order, limit, cursor?})`: one API-B cursor page `{items, meta: {nextCursor?}}`;
 *   `listGeneration(query, compat)` says whether a request wants pages ("a"), cursors ("b") or both;
 *   `withNextCursor` adds the cursor to a first page of the 1.8 shape; a bad cursor throws `CursorError`.
 * - `FileRow`, `FileOut`, `FileList` types; `SortField`, `SortOrder`.
 * Counts of folders and whole drives are kept by triggers on `files` (migration 3), so code outside this
 * module that writes `files` rows needs no bookkeeping; it should set `name_key` (db/name-key.ts).
 */

export {
  type CursorList,
  findCursorPage,
  type ListGeneration,
  listGeneration,
  withNextCursor,
} from "./cursor-paging.js";
export { type FileList, type FileOut, type FileRow, toFileOut } from "./file-row.js";
export { CursorError } from "./lib/cursor.js";
export { listFolder, type SortField, type SortOrder } from "./list.js";
export { getOwnedFile, isInsideFolder, pathOf, requireOwnedFile, resolvePath } from "./tree.js";
