import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { channelsQueryOptions } from "./get-channels";
import { userConfigQueryOptions } from "./get-user-config";

export function deleteChannel(channelId: number): Promise<void> {
  return apiRequest<void>(`/users/channels/${channelId}`, { method: "DELETE" });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    // The default channel may have moved to another one.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: userConfigQueryOptions().queryKey }),
      ]),
  });
}
