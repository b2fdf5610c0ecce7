import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { channelsQueryOptions } from "./get-channels";

/** Asks the server to re-read the user's channels from the messaging platform. */
export async function syncChannels(): Promise<void> {
  await api.patch("/users/channels/sync");
}

export function useSyncChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncChannels,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsQueryOptions().queryKey }),
  });
}
