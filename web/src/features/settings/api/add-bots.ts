import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { userConfigQueryOptions } from "./get-user-config";

export function addBots(bots: string[]): Promise<void> {
  return apiRequest<void>("/users/bots", { method: "POST", body: { bots } });
}

export function useAddBots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBots,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userConfigQueryOptions().queryKey }),
  });
}
