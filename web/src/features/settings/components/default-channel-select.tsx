import { useQuery } from "@tanstack/react-query";
import { errorText } from "@/drive/errors/error-message";
import { toast } from "@/lib/toast";
import { Select } from "@/ui/select";
import { channelsQueryOptions } from "../api/get-channels";
import { userConfigQueryOptions } from "../api/get-user-config";
import { useUpdateDefaultChannel } from "../api/update-default-channel";
import { channelLabel } from "../lib/channel-label";

/** The channel new uploads go to. */
export function DefaultChannelSelect() {
  const { data: channels = [] } = useQuery(channelsQueryOptions());
  const { data: config } = useQuery(userConfigQueryOptions());
  const update = useUpdateDefaultChannel();
  const current = config?.channelId ? String(config.channelId) : "";

  const change = (value: string) => {
    const channel = channels.find((c) => String(c.channelId) === value);
    if (!channel) return;
    update.mutate(channel, {
      onSuccess: () => toast.success("Default channel updated"),
      onError: (error) => toast.error(`Failed to update default channel: ${errorText(error)}`),
    });
  };

  return (
    <Select
      label="Default channel"
      placeholder="Choose a channel"
      options={channels.map((channel) => ({ value: String(channel.channelId), label: channelLabel(channel) }))}
      value={current}
      onChange={(event) => change(event.target.value)}
      disabled={update.isPending || channels.length === 0}
    />
  );
}
