import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import type { Channel } from "./get-channels";
import { userConfigQueryOptions } from "./get-user-config";

/** Makes `channel` the one new uploads go to. */
export async function updateDefaultChannel(channel: Channel): Promise<void> {
  const { channelId, channelName } = channel;
  // Every channel the server lists has an id; the contract only leaves it optional.
  if (channelId === undefined) throw new Error("This channel has no id");
  await api.patch("/users/channels", { body: { channelId, channelName } });
}

export function useUpdateDefaultChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDefaultChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userConfigQueryOptions().queryKey }),
  });
}
