import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { FILES_QUERY_KEY } from "@/shared/lib/query-keys";
import { type SaveShareVars, shareBody } from "../lib/share-body";

/** PATCH /files/{id}/share: a new password or expiry (an empty password is not applied by the server). */
export function useUpdateFileShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: SaveShareVars) =>
      api.patch("/files/{id}/share", { path: { id: vars.fileId }, body: shareBody(vars) }),
    onSettled: (_d, _e, vars) =>
      queryClient.invalidateQueries({ queryKey: [...FILES_QUERY_KEY, "share", vars.fileId] }),
  });
}
