import { ViewerMessage } from "../viewer-message";
import { ExternalPlayerMenu } from "./external-player-menu";

/** The player's error state: the browser cannot play the file; download it or hand it to another player. */
export function CannotPlay({
  kind,
  src,
  onDownload,
}: {
  kind: "video" | "audio";
  src: string;
  onDownload: () => void;
}) {
  // An object URL lives in this page only: no other player can open it.
  const external = !src.startsWith("blob:") && (
    <ExternalPlayerMenu url={new URL(src, location.href).toString()} kind={kind} />
  );
  return (
    <ViewerMessage onDownload={onDownload} extra={external}>
      Your browser can't play this {kind}.
    </ViewerMessage>
  );
}
