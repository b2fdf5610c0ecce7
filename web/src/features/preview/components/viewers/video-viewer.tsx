import { useEffect, useMemo, useState } from "react";
import { extensionOf } from "@/drive/files/file-item";
import { ExternalPlayerMenu } from "../player/external-player-menu";
import { MediaPlayer } from "../player/media-player";
import { ViewerMessage } from "../viewer-message";
import type { ViewerProps } from "./viewer-props";

/** Containers browsers do not play; offered as download or for an external player straight away. */
const UNPLAYABLE = new Set(["avi", "wmv", "flv"]);

/** The player (components/player); m3u8 through hls.js where the browser has no HLS of its own. */
export default function VideoViewer({ item, src, source, siblings, onDownload, onNext, onPrevious }: ViewerProps) {
  const ext = extensionOf(item.name);
  const [failed, setFailed] = useState(UNPLAYABLE.has(ext));

  useEffect(() => setFailed(UNPLAYABLE.has(ext)), [ext]);

  const attach = useMemo(() => {
    if (ext !== "m3u8") return undefined;
    return (video: HTMLMediaElement) => {
      // Browsers with HLS of their own (Safari, recent Chromium) play the playlist directly.
      if (video.canPlayType("application/vnd.apple.mpegurl")) {
        video.src = src;
        return undefined;
      }
      let destroy: (() => void) | undefined;
      let cancelled = false;
      import("hls.js").then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        const hls = new Hls();
        hls.on(Hls.Events.ERROR, (_event, data) => data.fatal && setFailed(true));
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      });
      return () => {
        cancelled = true;
        destroy?.();
      };
    };
  }, [src, ext]);

  if (failed) {
    const absolute = new URL(src, location.href).toString();
    return (
      <ViewerMessage
        onDownload={onDownload}
        extra={!src.startsWith("blob:") && <ExternalPlayerMenu url={absolute} kind="video" />}
      >
        Your browser can't play this video.
      </ViewerMessage>
    );
  }
  return (
    <MediaPlayer
      key={src}
      kind="video"
      item={item}
      src={src}
      source={source}
      siblings={siblings}
      attach={attach}
      onError={() => setFailed(true)}
      onNext={onNext}
      onPrevious={onPrevious}
    />
  );
}
