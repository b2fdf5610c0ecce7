import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { channelsQueryOptions } from "./get-channels";
import { userConfigQueryOptions } from "./get-user-config";

export async function deleteChannel(channelId: number): Promise<void> {
  await api.delete("/users/channels/{id}", { path: { id: String(channelId) } });
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
