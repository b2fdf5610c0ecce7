import type { FileItem } from "@/drive/files/file-item";
import type { PreviewSource } from "../../lib/preview-source";

export interface ViewerProps {
  item: FileItem;
  /** Readable by media elements and fetch (a content URL or an object URL). */
  src: string;
  /** Triggers a download of the file. */
  onDownload: () => void;
  /** Where the file came from: viewers that read other files of the folder (subtitles) use it. */
  source?: PreviewSource;
  /** The folder's items, in display order (subtitle files beside a video). */
  siblings?: readonly FileItem[];
  /** The next/previous file of the same kind in the folder (audio and video play on; shift+N/P). */
  onNext?: () => void;
  onPrevious?: () => void;
  /** Shows another file in this preview (a Markdown document's link to a file of the drive). */
  onOpen?: (item: FileItem) => void;
  /** URLs to fetch ahead (the next and previous picture). */
  preload?: readonly string[];
}
