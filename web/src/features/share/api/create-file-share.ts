import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { FILES_QUERY_KEY } from "@/shared/lib/query-keys";
import { type SaveShareVars, shareBody } from "../lib/share-body";

/** POST /files/{id}/share: creates the link. */
export function useCreateFileShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: SaveShareVars) =>
      api.post("/files/{id}/share", { path: { id: vars.fileId }, body: shareBody(vars) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });
}
