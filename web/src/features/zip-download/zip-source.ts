import { type FileItem, fileContentUrl } from "@/drive/files/file-item";
import { listChildren } from "./api/list-children";
import type { ListChildren } from "./lib/plan-archive";

/** Where a zip reads folders and files from: the drive (the default), or a share link's. */
export interface ZipSource {
  /** Every child of a folder of the selection, by the folder's id. */
  listChildren: ListChildren;
  /** The same-origin URL of a file's content. */
  contentUrl(file: FileItem): string;
  /** Headers every content request needs (a protected share's password). */
  headers?: Record<string, string>;
}

/** The signed-in user's drive: `GET /files` and the content URLs, with the session cookie. */
export const driveSource: ZipSource = {
  listChildren,
  contentUrl: (file) => fileContentUrl({ origin: location.origin, id: file.id, name: file.name }),
};
