import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { channelsQueryOptions } from "./get-channels";

/** Asks the server to re-read the user's channels from the messaging platform. */
export function syncChannels(): Promise<void> {
  return apiRequest<void>("/users/channels/sync", { method: "PATCH" });
}

export function useSyncChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncChannels,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsQueryOptions().queryKey }),
  });
}
