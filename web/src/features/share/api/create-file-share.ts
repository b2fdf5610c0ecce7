import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type SaveShareVars, shareBody } from "../lib/share-body";

/** POST /files/{id}/share: creates the link. */
export function useCreateFileShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: SaveShareVars) =>
      apiRequest(`/files/${encodeURIComponent(vars.fileId)}/share`, { method: "POST", body: shareBody(vars) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["files"] }),
  });
}
