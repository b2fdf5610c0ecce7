import { useMemo } from "react";
import { extensionOf } from "@/drive/files/file-item";
import { useMediaFailure } from "../../hooks/use-media-failure";
import { CannotPlay } from "../player/cannot-play";
import { MediaPlayer } from "../player/media-player";
import type { ViewerProps } from "./viewer-props";

/** Containers browsers do not play; offered as download or for an external player straight away. */
const UNPLAYABLE = new Set(["avi", "wmv", "flv"]);

/** The player (components/player); m3u8 through hls.js where the browser has no HLS of its own. */
export default function VideoViewer({ item, src, source, siblings, onDownload, onNext, onPrevious }: ViewerProps) {
  const ext = extensionOf(item.name);
  const [failed, fail] = useMediaFailure(src);

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
          fail();
          return;
        }
        const hls = new Hls();
        hls.on(Hls.Events.ERROR, (_event, data) => data.fatal && fail());
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      });
      return () => {
        cancelled = true;
        destroy?.();
      };
    };
  }, [src, ext, fail]);

  if (failed || UNPLAYABLE.has(ext)) return <CannotPlay kind="video" src={src} onDownload={onDownload} />;
  return (
    <MediaPlayer
      key={src}
      kind="video"
      item={item}
      src={src}
      source={source}
      siblings={siblings}
      attach={attach}
      onError={fail}
      onNext={onNext}
      onPrevious={onPrevious}
    />
  );
}
