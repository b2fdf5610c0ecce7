import { MediaPlayer } from "../player/media-player";
import type { ViewerProps } from "./viewer-props";

/** The audio player; when a track ends the modal moves on to the next one (unless "Play next" is off). */
export default function AudioViewer({ item, src, source, siblings, onNext, onPrevious }: ViewerProps) {
  return (
    <MediaPlayer
      kind="audio"
      item={item}
      src={src}
      source={source}
      siblings={siblings}
      onNext={onNext}
      onPrevious={onPrevious}
    />
  );
}
