import { useEffect, useRef, useState } from "react";
import { extensionOf } from "@/drive/files/file-item";
import { Button } from "@/ui/button";
import { ViewerMessage } from "../viewer-message";
import type { ViewerProps } from "./viewer-props";

/** Containers browsers do not play; offered as download or for an external player straight away. */
const UNPLAYABLE = new Set(["avi", "wmv", "flv"]);

/** The native player; m3u8 through hls.js where the browser has no HLS of its own. */
export default function VideoViewer({ item, src, onDownload }: ViewerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const ext = extensionOf(item.name);
  const [failed, setFailed] = useState(UNPLAYABLE.has(ext));

  useEffect(() => {
    setFailed(UNPLAYABLE.has(ext));
    const video = ref.current;
    if (!video || ext !== "m3u8") return;
    // Browsers with HLS of their own (Safari, recent Chromium) play the playlist directly.
    if (video.canPlayType("application/vnd.apple.mpegurl")) {
      video.src = src;
      return;
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
  }, [src, ext]);

  if (failed) {
    const absolute = new URL(src, location.href).toString();
    return (
      <ViewerMessage
        onDownload={onDownload}
        extra={
          <>
            <Button variant="outlined" onClick={() => navigator.clipboard.writeText(absolute)}>
              Copy stream URL
            </Button>
            <a
              className="inline-flex h-10 items-center rounded-full px-5 text-sm font-medium text-primary hover:bg-primary/10"
              href={`vlc://${absolute}`}
            >
              Open in external player
            </a>
          </>
        }
      >
        Your browser can't play this video.
      </ViewerMessage>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: user files come without caption tracks
    <video
      ref={ref}
      key={src}
      src={ext === "m3u8" ? undefined : src}
      controls
      autoPlay
      className="h-full w-full bg-black object-contain"
      onError={() => setFailed(true)}
      aria-label={item.name}
    />
  );
}
