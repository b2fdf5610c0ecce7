import type { FileItem } from "@/drive/files/file-item";

/** Where a user stopped in a video or audio file, in seconds. */
export interface MediaPosition {
  position: number;
  duration: number;
}

/** Keeps playback positions (the drive: on the server or in the browser; a share: none). */
export interface PlaybackPositions {
  read(item: FileItem): Promise<MediaPosition | undefined>;
  save(item: FileItem, position: MediaPosition): Promise<void>;
  forget(itemId: string): Promise<void>;
}

/**
 * Where a preview reads a file from. The drive uses content URLs with the session hash (or the Rclone
 * proxy); a protected share needs an Authorization header, which media elements cannot send, so its
 * content is fetched as a blob first (see `usePreviewSrc`).
 */
export interface PreviewSource {
  url(item: FileItem): Promise<string>;
  downloadUrl(item: FileItem): Promise<string>;
  /** Headers every content request needs; when set, content is fetched and shown from an object URL. */
  headers?: Record<string, string>;
  /**
   * The file is in the signed-in user's drive: a Markdown document's relative links and pictures are looked up there
   * (a share's visitor cannot).
   */
  inDrive?: boolean;
  /** Resume where the user stopped (the drive only). */
  playback?: PlaybackPositions;
}
