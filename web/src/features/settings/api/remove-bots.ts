import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { userConfigQueryOptions } from "./get-user-config";

/** Removes every bot of the user. */
export async function removeBots(): Promise<void> {
  await api.delete("/users/bots");
}

export function useRemoveBots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBots,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userConfigQueryOptions().queryKey }),
  });
}
