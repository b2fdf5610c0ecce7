import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";

export type CategoryStats = components["schemas"]["CategoryStats"];

/** `GET /files/categories`: file counts and sizes per category. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "categories"] as const,
    queryFn: ({ signal }) => api.get("/files/categories", { signal }),
  });
