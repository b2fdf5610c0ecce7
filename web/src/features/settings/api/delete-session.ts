import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { sessionsQueryOptions } from "./get-sessions";

/** Signs a device out; `hash` identifies its session. */
export async function deleteSession(hash: string): Promise<void> {
  await api.delete("/users/sessions/{id}", { path: { id: hash } });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
