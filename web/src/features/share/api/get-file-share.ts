import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client";
import { FILES_QUERY_KEY } from "@/shared/lib/query-keys";

export interface FileShare {
  id: string;
  protected: boolean;
  expiresAt?: string;
}

/** The share of one of the user's files, or null when it has none (the server answers 404). */
export const fileShareQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "share", fileId],
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest<FileShare>(`/files/${encodeURIComponent(fileId)}/share`, { signal })) ?? null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
