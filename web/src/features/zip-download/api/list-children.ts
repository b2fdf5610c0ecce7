import { api } from "@/drive/api/api-client";
import type { ServerFile } from "@/drive/files/file-item";

/** The API's largest page. */
const PAGE_SIZE = 1000;

/**
 * Every child of a folder: `GET /files?operation=list&parentId=…`, page after page (Teldrive 1.8 and our server
 * both page by number). Sorted by name: names are unique in a folder, so Teldrive's rank paging cannot skip rows.
 */
export async function listChildren(folderId: string, signal: AbortSignal): Promise<ServerFile[]> {
  const all: ServerFile[] = [];
  for (let page = 1; ; page++) {
    const list = await api.get("/files", {
      query: { operation: "list", parentId: folderId, sort: "name", order: "asc", limit: PAGE_SIZE, page },
      signal,
    });
    all.push(...(list?.items ?? []));
    const totalPages = list?.meta?.totalPages ?? 0;
    if (page >= totalPages || (list?.items ?? []).length === 0) return all;
  }
}
