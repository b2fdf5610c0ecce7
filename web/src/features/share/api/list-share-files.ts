import { queryOptions } from "@tanstack/react-query";
import { type AnswerOf, api, apiB, type MainAnswerOf } from "@/drive/api/api-client";
import { getApiGeneration } from "@/drive/api/generation";
import { shareAuthorization } from "../lib/share-auth";

export interface ShareFilesParams {
  shareId: string;
  path: string;
  sort: "name" | "updatedAt" | "size";
  order: "asc" | "desc";
  password: string;
}

/** Most cursor pages one share folder is read in (API-B); Teldrive main sends at most 100 rows a page. */
const MAX_CURSOR_PAGES = 100;

/**
 * GET /shares/{id}/files: a folder of a share; protected shares send the password header (API-B also accepts the
 * unlocked share's cookie). API-A answers in one page of 1,000; API-B is walked by cursor to the end.
 */
export const shareFilesQueryOptions = ({ shareId, path, sort, order, password }: ShareFilesParams) =>
  queryOptions({
    queryKey: ["share", shareId, "files", { path, sort, order, password }],
    queryFn: async ({ signal }) => {
      const headers: Record<string, string> = password ? { Authorization: shareAuthorization(password) } : {};
      if ((await getApiGeneration()) === "A") {
        return api.get("/shares/{id}/files", {
          path: { id: shareId },
          query: { path, sort, order, limit: 1000 },
          headers,
          signal,
        });
      }
      const items: CursorItems = [];
      let cursor: string | undefined;
      for (let n = 0; n < MAX_CURSOR_PAGES; n++) {
        const page = await apiB.get("/shares/{id}/files", {
          path: { id: shareId },
          query: { path, sort, order, limit: 1000, cursor },
          headers,
          signal,
        });
        items.push(...page.items);
        cursor = page.items.length > 0 ? page.meta.nextCursor : undefined;
        if (!cursor) break;
      }
      // The share page reads the items; API-B tells no count, so the rows read are the count.
      return { items: items as FileList["items"], meta: { count: items.length, totalPages: 1, currentPage: 1 } };
    },
  });

type CursorItems = MainAnswerOf<"/shares/{id}/files", "get">["items"];
type FileList = AnswerOf<"/shares/{id}/files", "get">;
