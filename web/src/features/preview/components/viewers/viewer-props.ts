import type { FileItem } from "@/drive/files/file-item";

export interface ViewerProps {
  item: FileItem;
  /** Readable by media elements and fetch (a content URL or an object URL). */
  src: string;
  /** Triggers a download of the file. */
  onDownload: () => void;
  /** Audio: the track ended (the modal moves on to the next file, like a playlist). */
  onEnded?: () => void;
}
