import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useFileCommands } from "@/drive/commands/file-commands-context";
import { FileIcon } from "@/drive/files/file-icon";
import { continueWatchingQueryOptions, forgetPosition } from "@/drive/playback/playback-positions";
import { toast } from "@/lib/toast";
import { focusRing } from "@/ui/button";
import { IconButton } from "@/ui/icon-button";

/** 2467 → "41:07". */
function clock(seconds: number): string {
  const t = Math.max(0, Math.floor(seconds));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = String(t % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** "Continue watching" on Recent: the videos and audio files the user stopped in, newest first, each dismissable. */
export function ContinueWatching() {
  const { data } = useQuery(continueWatchingQueryOptions());
  const commands = useFileCommands();
  if (!data || data.length === 0) return null;
  const items = data.map((d) => d.item);
  return (
    <section aria-labelledby="continue-watching" className="shrink-0 border-b border-outline-variant px-3 py-2">
      <h2 id="continue-watching" className="mb-1 text-sm font-medium text-on-surface-variant">
        Continue watching
      </h2>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {data.map(({ item, position, duration }) => (
          <li
            key={item.id}
            className="flex w-60 shrink-0 items-center gap-1 rounded-xl bg-surface-container p-1 pl-2 text-on-surface"
          >
            <button
              type="button"
              className={`flex min-w-0 flex-1 items-center gap-2 rounded-lg py-1 text-left ${focusRing}`}
              onClick={() => commands.open(item, { items })}
            >
              <FileIcon item={item} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm">{item.name}</span>
                <span className="text-xs text-on-surface-variant tabular-nums">
                  {clock(position)} of {clock(duration)}
                </span>
                <span aria-hidden className="mt-1 h-1 overflow-hidden rounded-full bg-outline-variant">
                  <span
                    className="block h-full bg-primary"
                    style={{ width: `${duration > 0 ? Math.min(100, (position / duration) * 100) : 0}%` }}
                  />
                </span>
              </span>
            </button>
            <IconButton
              label={`Remove ${item.name} from Continue watching`}
              onClick={() => forgetPosition(item.id).catch(() => toast.error("Could not remove it"))}
            >
              <X aria-hidden className="size-4" />
            </IconButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
