import type { FileItem } from "@/drive/files/file-item";

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
}
