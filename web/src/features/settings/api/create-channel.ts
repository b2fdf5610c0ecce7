import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { channelsQueryOptions } from "./get-channels";

export function createChannel(channelName: string): Promise<void> {
  return apiRequest<void>("/users/channels", { method: "POST", body: { channelName } });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsQueryOptions().queryKey }),
  });
}
