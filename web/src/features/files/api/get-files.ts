import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { components } from "@/lib/api-schema.gen";
import type { ListQuery } from "../lib/list-query";

export type FileListPage = components["schemas"]["FileList"];

/** Every file query starts with this key, so mutations and the header search can reach them all. */
export const FILES_QUERY_KEY = ["files"] as const;

/**
 * `GET /files`, one page. Pages are separate queries (not one infinite query) so the list can load page 200 of a
 * 100,000-item folder without pages 1..199: the rows in view decide which pages exist in the cache.
 */
export const fileListPageQueryOptions = (query: ListQuery, page: number) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "list", query, page] as const,
    queryFn: ({ signal }) =>
      apiRequest<FileListPage>("/files", {
        query: { ...query, page },
        signal,
      }),
  });
