import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY, MY_SHARES_QUERY_KEY } from "@/drive/api/query-keys";
import { type SaveShareVars, shareBody } from "@/drive/shares/share-body";

/**
 * PATCH /files/{id}/share: a new password or expiry (an empty password is not applied by the server); null removes
 * either where the server offers `shareClear`. The share's own query and the list of shares (under it) refetch.
 */
export function useUpdateFileShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: SaveShareVars) =>
      api.patch("/files/{id}/share", { path: { id: vars.fileId }, body: shareBody(vars) }),
    onSettled: (_d, _e, vars) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...FILES_QUERY_KEY, "share", vars.fileId] }),
        queryClient.invalidateQueries({ queryKey: MY_SHARES_QUERY_KEY }),
      ]),
  });
}
