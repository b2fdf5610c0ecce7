import { queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api, apiB, type MainAnswerOf } from "@/drive/api/api-client";
import { getApiGeneration } from "@/drive/api/generation";
import type { ServerFile } from "@/drive/files/file-item";
import { shareAuthorization } from "../lib/share-auth";

export interface ShareFilesParams {
  shareId: string;
  path: string;
  sort: "name" | "updatedAt" | "size";
  order: "asc" | "desc";
  password: string;
}

/** The API's largest page; Teldrive main sends at most 100 rows a cursor page. */
const PAGE_SIZE = 1000;
/** Most pages one share folder is read in. */
const MAX_PAGES = 100;

/**
 * GET /shares/{id}/files for one folder of a share, every page: by number on API-A (to `totalPages`), by cursor on
 * API-B. Protected shares send the password header (API-B also accepts the unlocked share's cookie).
 */
export async function listShareFolder(params: ShareFilesParams, signal?: AbortSignal): Promise<ServerFile[]> {
  const { shareId, path, sort, order, password } = params;
  const headers: Record<string, string> = password ? { Authorization: shareAuthorization(password) } : {};
  const items: ServerFile[] = [];
  if ((await getApiGeneration()) === "A") {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const list = await api.get("/shares/{id}/files", {
        path: { id: shareId },
        query: { path, sort, order, limit: PAGE_SIZE, page },
        headers,
        signal,
      });
      items.push(...list.items);
      if (page >= (list.meta?.totalPages ?? 0) || list.items.length === 0) break;
    }
    return items;
  }
  let cursor: string | undefined;
  for (let n = 0; n < MAX_PAGES; n++) {
    const page = await apiB.get("/shares/{id}/files", {
      path: { id: shareId },
      query: { path, sort, order, limit: PAGE_SIZE, cursor },
      headers,
      signal,
    });
    // API-B's File is API-A's without the fields only API-A sends.
    items.push(...(page.items as CursorItems as ServerFile[]));
    cursor = page.items.length > 0 ? page.meta.nextCursor : undefined;
    if (!cursor) break;
  }
  return items;
}

/** One folder of a share, as the share page shows it. */
export const shareFilesQueryOptions = (params: ShareFilesParams) =>
  queryOptions({
    queryKey: ["share", params.shareId, "files", params],
    queryFn: async ({ signal }): Promise<Pick<FileList, "items">> => ({ items: await listShareFolder(params, signal) }),
  });

type CursorItems = MainAnswerOf<"/shares/{id}/files", "get">["items"];
type FileList = AnswerOf<"/shares/{id}/files", "get">;
