import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { Channel } from "./get-channels";
import { userConfigQueryOptions } from "./get-user-config";

/** Makes `channel` the one new uploads go to. */
export function updateDefaultChannel(channel: Channel): Promise<void> {
  return apiRequest<void>("/users/channels", {
    method: "PATCH",
    body: { channelId: channel.channelId, channelName: channel.channelName },
  });
}

export function useUpdateDefaultChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDefaultChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userConfigQueryOptions().queryKey }),
  });
}
