import { Music } from "lucide-react";
import type { ViewerProps } from "./viewer-props";

/** The native audio player; when a track ends the modal moves on to the next one. */
export default function AudioViewer({ item, src, onEnded }: ViewerProps) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-6 p-6">
      <Music aria-hidden className="size-24 text-on-surface-variant" />
      <p className="max-w-full truncate text-lg">{item.name}</p>
      {/* biome-ignore lint/a11y/useMediaCaption: user files come without caption tracks */}
      <audio
        key={src}
        src={src}
        controls
        autoPlay
        onEnded={onEnded}
        aria-label={item.name}
        className="w-full max-w-xl"
      />
    </div>
  );
}
