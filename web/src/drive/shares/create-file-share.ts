import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { type SaveShareVars, shareBody } from "@/drive/shares/share-body";

/** POST /files/{id}/share: creates the link. */
export function useCreateFileShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: SaveShareVars) =>
      api.post("/files/{id}/share", { path: { id: vars.fileId }, body: shareBody(vars) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });
}
