import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { channelsQueryOptions } from "./get-channels";

export async function createChannel(channelName: string): Promise<void> {
  await api.post("/users/channels", { body: { channelName } });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsQueryOptions().queryKey }),
  });
}
