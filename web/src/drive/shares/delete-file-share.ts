import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";

/** DELETE /files/{id}/share: the link stops working. */
export function useDeleteFileShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => api.delete("/files/{id}/share", { path: { id: fileId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });
}
