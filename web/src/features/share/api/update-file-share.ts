import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { type SaveShareVars, shareBody } from "../lib/share-body";
import { MY_SHARES_QUERY_KEY } from "./query-keys";

/**
 * PATCH /files/{id}/share: a new password or expiry (an empty password is not applied by the server); null removes
 * either where the server offers `shareClear`. The share's own query and the list of shares (under it) refetch.
 */
export function useUpdateFileShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: SaveShareVars) =>
      apiRequest(`/files/${encodeURIComponent(vars.fileId)}/share`, { method: "PATCH", body: shareBody(vars) }),
    onSettled: (_d, _e, vars) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["files", "share", vars.fileId] }),
        queryClient.invalidateQueries({ queryKey: MY_SHARES_QUERY_KEY }),
      ]),
  });
}
