import type { FileRequest, FileRequestCreate } from "@drive/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";

/** Under the file queries, so the live stream's refetch after an arrival updates the counts too. */
export const FILE_REQUESTS_QUERY_KEY = [...FILES_QUERY_KEY, "file-requests"] as const;

/** `GET /file-requests` (servers with `fileRequests`): the user's requests, newest first, with what arrived. */
export const fileRequestsQueryOptions = () =>
  queryOptions({
    queryKey: FILE_REQUESTS_QUERY_KEY,
    queryFn: async ({ signal }): Promise<FileRequest[]> => (await api.get("/file-requests", { signal })).items,
    staleTime: 0,
  });

/** `POST /file-requests`: a new request for a folder. */
export function useCreateFileRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FileRequestCreate) => api.post("/file-requests", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILE_REQUESTS_QUERY_KEY }),
  });
}

/** `DELETE /file-requests/{id}`: the link stops working; what arrived stays. */
export function useRevokeFileRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/file-requests/{id}", { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILE_REQUESTS_QUERY_KEY }),
  });
}
