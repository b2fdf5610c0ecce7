import type { FileItem, ServerFile } from "@/drive/files/file-item";
import { shareAuthorization, shareContentUrl } from "../lib/share-auth";
import { SHARE_FOLDER_ID, shareFolderPaths } from "../lib/share-items";
import { listShareFolder } from "./list-share-files";

/**
 * How a walk over a share's folders reads it (the zip download's "Download all"): folders by id, as the walk asks,
 * from the folder at `start` (`SHARE_FOLDER_ID`) down; files by their share content URL; the password as a header
 * (the unlocked share's cookie goes along too).
 */
export function shareWalk(o: { shareId: string; password: string; start: string }) {
  const { shareId, password } = o;
  const paths = shareFolderPaths(o.start);
  return {
    async listChildren(folderId: string, signal: AbortSignal): Promise<ServerFile[]> {
      const path = paths.pathOf(folderId);
      if (path === undefined) throw new Error("That folder is not in the share");
      const children = await listShareFolder({ shareId, path, sort: "name", order: "asc", password }, signal);
      paths.remember(path, children);
      return children;
    },
    contentUrl: (file: FileItem) =>
      shareContentUrl({ origin: location.origin, shareId, fileId: file.id, name: file.name }),
    headers: password ? { Authorization: shareAuthorization(password) } : undefined,
  };
}

export { SHARE_FOLDER_ID };
