import mime from "mime-types";

export const FOLDER_MIME = "drive/folder";

/** The client's MIME type when it sent one, else a guess from the name. */
export function mimeTypeFor(name: string, given?: string): string {
  if (given?.trim()) return given.trim();
  return mime.lookup(name) || "application/octet-stream";
}
