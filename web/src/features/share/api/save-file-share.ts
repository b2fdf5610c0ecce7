import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export interface SaveShareVars {
  fileId: string;
  password?: string;
  expiresAt?: string;
}

const body = ({ password, expiresAt }: SaveShareVars) => ({
  ...(password ? { password } : {}),
  ...(expiresAt ? { expiresAt } : {}),
});

/** POST /files/{id}/share: creates the link. */
export function useCreateFileShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: SaveShareVars) =>
      apiRequest(`/files/${encodeURIComponent(vars.fileId)}/share`, { method: "POST", body: body(vars) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["files"] }),
  });
}

/** PATCH /files/{id}/share: a new password or expiry (an empty password is not applied by the server). */
export function useUpdateFileShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: SaveShareVars) =>
      apiRequest(`/files/${encodeURIComponent(vars.fileId)}/share`, { method: "PATCH", body: body(vars) }),
    onSettled: (_d, _e, vars) => queryClient.invalidateQueries({ queryKey: ["files", "share", vars.fileId] }),
  });
}
