import { pathSegments } from "@/drive/files/folder-path";

/**
 * URL of a file through the Rclone Media Proxy (`rclone serve http` over the drive): the proxy serves the
 * drive's tree by path, so the URL is `<proxy>/<folder path>/<name>` with every segment percent-encoded.
 * Only possible when the folder path is known (my-drive); elsewhere the content URL is used.
 */
export function rcloneMediaUrl(proxy: string, folderPath: string, name: string): string {
  const url = new URL(proxy);
  const base = url.pathname.replace(/\/+$/, "");
  const segments = [...pathSegments(folderPath), name].map(encodeURIComponent);
  url.pathname = `${base}/${segments.join("/")}`;
  return url.toString();
}
