import { useMediaFailure } from "../../hooks/use-media-failure";
import { CannotPlay } from "../player/cannot-play";
import { MediaPlayer } from "../player/media-player";
import type { ViewerProps } from "./viewer-props";

/** The audio player; when a track ends the modal moves on to the next one (unless "Play next" is off). */
export default function AudioViewer({ item, src, source, siblings, onDownload, onNext, onPrevious }: ViewerProps) {
  const [failed, fail] = useMediaFailure(src);
  if (failed) return <CannotPlay kind="audio" src={src} onDownload={onDownload} />;
  return (
    <MediaPlayer
      key={src}
      kind="audio"
      item={item}
      src={src}
      source={source}
      siblings={siblings}
      onError={fail}
      onNext={onNext}
      onPrevious={onPrevious}
    />
  );
}
