import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** DELETE /files/{id}/share: the link stops working. */
export function useDeleteFileShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => apiRequest(`/files/${encodeURIComponent(fileId)}/share`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["files"] }),
  });
}
