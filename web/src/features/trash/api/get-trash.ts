import type { components } from "@drive/contract";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";

export type TrashItem = components["schemas"]["TrashItem"];

/** Under the files key, so every file mutation (which refetches it) refreshes the trash too. */
export const TRASH_QUERY_KEY = [...FILES_QUERY_KEY, "trash"] as const;

export const TRASH_PAGE_SIZE = 100;

/** `GET /trash`, page by page ("Show more"), most recently deleted first. */
export const trashQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: TRASH_QUERY_KEY,
    queryFn: ({ pageParam, signal }) =>
      api.get("/trash", { query: { page: pageParam, limit: TRASH_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.currentPage < last.meta.totalPages ? last.meta.currentPage + 1 : undefined),
  });
