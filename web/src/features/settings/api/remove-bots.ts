import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { userConfigQueryOptions } from "./get-user-config";

/** Removes every bot of the user. */
export function removeBots(): Promise<void> {
  return apiRequest<void>("/users/bots", { method: "DELETE" });
}

export function useRemoveBots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBots,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userConfigQueryOptions().queryKey }),
  });
}
