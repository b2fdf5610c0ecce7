import type { Channel } from "../api/get-channels";

/** How a channel is shown everywhere: "name (id)". */
export function channelLabel(channel: Channel): string {
  return `${channel.channelName} (${channel.channelId ?? ""})`;
}
