import type { FileItem } from "@/features/files/lib/file-item";

export interface ViewerProps {
  item: FileItem;
  /** Readable by media elements and fetch (a content URL or an object URL). */
  src: string;
  /** Triggers a download of the file. */
  onDownload: () => void;
  /** Audio and video: the track ended (the modal moves to the next one). */
  onEnded?: () => void;
}
