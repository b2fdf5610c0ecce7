import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { userConfigQueryOptions } from "./get-user-config";

export async function addBots(bots: string[]): Promise<void> {
  await api.post("/users/bots", { body: { bots } });
}

export function useAddBots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBots,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userConfigQueryOptions().queryKey }),
  });
}
