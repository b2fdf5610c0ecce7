import type { ReactNode } from "react";
import { usePosterFrame } from "../hooks/use-poster-frame";
import { canDecodeVideo } from "../lib/poster-frames";
import { thumbnailClass } from "../lib/thumbnail-source";

/** A video's poster frame once the browser has drawn it; `children` (the type icon) until then, or when it cannot. */
export function VideoPoster({
  url,
  mimeType,
  large,
  children,
}: {
  url: string;
  mimeType: string;
  large: boolean;
  children: ReactNode;
}) {
  const poster = usePosterFrame(canDecodeVideo(mimeType) ? url : undefined);
  if (!poster) return children;
  return <img src={poster} alt="" decoding="async" draggable={false} className={thumbnailClass(large)} />;
}
