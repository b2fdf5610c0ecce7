import { useQuery } from "@tanstack/react-query";
import { RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { errorText } from "@/drive/errors/error-message";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { IconButton } from "@/ui/icon-button";
import { useDeleteChannel } from "../api/delete-channel";
import { type Channel, channelsQueryOptions } from "../api/get-channels";
import { useSyncChannels } from "../api/sync-channels";
import { channelLabel } from "../lib/channel-label";
import { ChannelAddForm } from "./channel-add-form";
import { DefaultChannelSelect } from "./default-channel-select";
import { SettingsSection } from "./settings-section";

/** Default channel, the channel list with delete, sync and add. */
export function ChannelsSection() {
  const { data: channels = [] } = useQuery(channelsQueryOptions());
  const sync = useSyncChannels();
  const remove = useDeleteChannel();
  const [toDelete, setToDelete] = useState<Channel | null>(null);

  const runSync = () =>
    sync.mutate(undefined, {
      onSuccess: () => toast.success("Channels Synced"),
      onError: (error) => toast.error(`Sync failed: ${errorText(error)}`),
    });

  const confirmDelete = () => {
    if (toDelete?.channelId === undefined) return;
    remove.mutate(toDelete.channelId, {
      onSuccess: () => {
        setToDelete(null);
        toast.success("Channel Deleted");
      },
      onError: (error) => toast.error(errorText(error)),
    });
  };

  return (
    <SettingsSection
      title="Channels"
      description="Where your files are stored."
      actions={
        <IconButton label="Sync channels" onClick={runSync} disabled={sync.isPending}>
          <RefreshCw aria-hidden className={cn("size-5", sync.isPending && "animate-spin")} />
        </IconButton>
      }
    >
      <DefaultChannelSelect />
      {channels.length === 0 ? (
        <p className="text-sm text-on-surface-variant">
          No channels found. Press the sync button to fetch your channels from Telegram.
        </p>
      ) : (
        <ul aria-label="Channels" className="flex flex-col divide-y divide-outline-variant">
          {channels.map((channel) => (
            <li key={channel.channelId} className="flex items-center justify-between gap-2 py-1">
              <span className="min-w-0 truncate text-sm">{channelLabel(channel)}</span>
              <IconButton label={`Delete channel ${channel.channelName}`} onClick={() => setToDelete(channel)}>
                <Trash2 aria-hidden className="size-5" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <ChannelAddForm />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Are you sure to delete this channel"
        message={toDelete ? channelLabel(toDelete) : undefined}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </SettingsSection>
  );
}
