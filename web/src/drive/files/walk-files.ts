import { api, apiB, type QueryOf } from "@/drive/api/api-client";
import { getApiGeneration } from "@/drive/api/generation";
import type { ServerFile } from "./file-item";

/** The API's largest page. */
const PAGE_SIZE = 1000;

type Query = QueryOf<"/files", "get">;
/** Teldrive's sorts only: a walk runs on API-B too, which has no takenAt (ours, capability `takenAt`). */
type Filters = Omit<Query, "page" | "limit" | "status" | "cursor" | "sort"> & {
  sort?: Exclude<Query["sort"], "takenAt">;
};

/**
 * Every row `GET /files` answers for `filters`, page after page: by number on API-A (to `totalPages`), by cursor on
 * API-B (to the last `nextCursor`; Teldrive main sends at most 100 rows a page).
 */
export async function walkFiles(filters: Filters, signal?: AbortSignal): Promise<ServerFile[]> {
  const all: ServerFile[] = [];
  if ((await getApiGeneration()) === "B") {
    let cursor: string | undefined;
    do {
      const list = await apiB.get("/files", { query: { ...filters, limit: PAGE_SIZE, cursor }, signal });
      // API-B's File is API-A's without the fields only API-A sends.
      all.push(...(list.items as ServerFile[]));
      cursor = list.items.length > 0 ? list.meta.nextCursor : undefined;
    } while (cursor);
    return all;
  }
  for (let page = 1; ; page++) {
    const list = await api.get("/files", { query: { ...filters, limit: PAGE_SIZE, page }, signal });
    all.push(...(list?.items ?? []));
    const totalPages = list?.meta?.totalPages ?? 0;
    if (page >= totalPages || (list?.items ?? []).length === 0) return all;
  }
}
