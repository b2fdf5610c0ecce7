import { Copy, ExternalLink } from "lucide-react";
import { toast } from "@/lib/toast";
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from "@/ui/dropdown-menu";
import { IconButton } from "@/ui/icon-button";
import { externalPlayers, platformOf } from "../../lib/external-players";

/**
 * Players installed on this kind of device, opened through their URL schemes, and the stream URL to paste anywhere.
 * `url` signs itself in (`?hash=`/`?sid=`), so it plays without the browser's cookies while the session lives.
 */
export function ExternalPlayerMenu({ url, kind }: { url: string; kind: "video" | "audio" }) {
  const players = externalPlayers(url, platformOf(navigator.userAgent, navigator.maxTouchPoints), kind);
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => toast.success("Stream URL copied. It plays as you until you sign out."),
      () => toast.error("Could not copy the stream URL"),
    );
  return (
    <DropdownMenu
      trigger={
        <IconButton label="Open in external player">
          <ExternalLink aria-hidden className="size-5" />
        </IconButton>
      }
    >
      <DropdownMenuLabel className="px-3 py-1 text-xs text-on-surface-variant">Open in</DropdownMenuLabel>
      {players.map((p) => (
        <DropdownMenuItem key={p.name} asChild>
          <a href={p.href}>{p.name}</a>
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator className="my-1 h-px bg-outline-variant" />
      <DropdownMenuItem icon={<Copy aria-hidden className="size-4" />} onSelect={copy}>
        Copy stream URL
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
