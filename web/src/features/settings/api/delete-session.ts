import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { sessionsQueryOptions } from "./get-sessions";

/** Signs a device out; `hash` identifies its session. */
export function deleteSession(hash: string): Promise<void> {
  return apiRequest<void>(`/users/sessions/${encodeURIComponent(hash)}`, { method: "DELETE" });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
