import { contentVersion, type FileItem, FOLDER_MIME, type ServerFile, toFileItem } from "@/drive/files/file-item";
import { joinPath } from "@/drive/files/folder-path";
import { SERVER_THUMBNAIL_WIDTHS, type ThumbnailSource } from "@/drive/thumbnails/lib/thumbnail-source";
import { shareContentUrl } from "./share-auth";

/** What the server offers a share's visitors (its /capabilities; a real Teldrive has none of it). */
export interface ShareThumbnails {
  /** `thumbnails`: pictures of a share get `/shares/{id}/thumbnails/{fileId}`. */
  thumbnails: boolean;
  /** `videoPosters`: videos too. */
  videoPosters: boolean;
}

/**
 * A share's thumbnail of one of its files. `v` is the file's content version, so a replaced picture gets a new URL;
 * a protected share is read with the cookie its unlock set (pictures send no header).
 */
export function shareThumbnailUrl(shareId: string, file: { id: string; version: string }, width: number): string {
  const params = new URLSearchParams({ w: String(width) });
  if (file.version) params.set("v", file.version.slice(0, 64));
  return `/api/shares/${encodeURIComponent(shareId)}/thumbnails/${encodeURIComponent(file.id)}?${params}`;
}

function shareThumbnail(shareId: string, file: { id: string; version: string }): ThumbnailSource {
  const [base = 360] = SERVER_THUMBNAIL_WIDTHS;
  return {
    src: shareThumbnailUrl(shareId, file, base),
    srcSet: SERVER_THUMBNAIL_WIDTHS.map((w) => `${shareThumbnailUrl(shareId, file, w)} ${w}w`).join(", "),
  };
}

/**
 * A file of a share as the list shows it: the drive's item, with the share's own thumbnail URLs where the server
 * renders them, and for videos the share's content URL to draw a poster frame from when it does not.
 */
export function toShareItem(file: ServerFile, shareId: string, offers: ShareThumbnails): FileItem {
  const item = toFileItem(file);
  if (!offers.thumbnails || item.isDir || !item.id) return item;
  const version = contentVersion(file);
  const server =
    item.previewType === "image" || (item.previewType === "video" && offers.videoPosters)
      ? shareThumbnail(shareId, { id: item.id, version })
      : undefined;
  return {
    ...item,
    thumbnailUrl: server?.src,
    thumbnailSrcSet: server?.srcSet,
    posterFrom:
      item.previewType === "video"
        ? new URL(shareContentUrl({ origin: location.origin, shareId, fileId: item.id, name: item.name })).pathname
        : undefined,
  };
}

/** The id standing for the folder a "Download all" starts from (it has no id of its own on the share page). */
export const SHARE_FOLDER_ID = "share-folder";

/**
 * Lists a share's folders by id for a walk over them (the zip download's): the share answers by path, so each folder
 * met is remembered with its path. `SHARE_FOLDER_ID` is the folder at `start`.
 */
export function shareFolderPaths(start: string) {
  const paths = new Map<string, string>([[SHARE_FOLDER_ID, start]]);
  return {
    pathOf(folderId: string): string | undefined {
      return paths.get(folderId);
    },
    /** Notes where the folders among `children` of `path` are. */
    remember(path: string, children: readonly ServerFile[]): void {
      for (const child of children)
        if (child.id && (child.type === "folder" || child.mimeType === FOLDER_MIME))
          paths.set(child.id, joinPath(path, child.name));
    },
  };
}
