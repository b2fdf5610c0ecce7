import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";

/** The share of one of the user's files, or null when it has none (the server answers 404). */
export const fileShareQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "share", fileId],
    queryFn: async ({ signal }) => {
      try {
        return (await api.get("/files/{id}/share", { path: { id: fileId }, signal })) ?? null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
