import type { ServerFile } from "@/drive/files/file-item";
import { walkFiles } from "@/drive/files/walk-files";

/**
 * Every child of a folder: `GET /files?operation=list&parentId=…`, page after page (by number on Teldrive 1.8 and our
 * server, by cursor on Teldrive main). Sorted by name: names are unique in a folder, so paging cannot skip rows.
 */
export function listChildren(folderId: string, signal: AbortSignal): Promise<ServerFile[]> {
  return walkFiles({ operation: "list", parentId: folderId, sort: "name", order: "asc" }, signal);
}
