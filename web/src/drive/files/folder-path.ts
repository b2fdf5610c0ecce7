// Folder paths as the drive writes them: "/" for the root, "/a/b" below it, never a trailing slash. Names cannot
// contain "/" (the server refuses them), so joining and splitting on "/" is exact.

/** "/a//b/" -> "/a/b"; empty -> "/". */
export function normalizeFolderPath(path: string | undefined): string {
  return `/${pathSegments(path ?? "").join("/")}`;
}

/** "/a/b" -> ["a", "b"]; the root has none. */
export function pathSegments(path: string): string[] {
  return path.split("/").filter(Boolean);
}

/** Joins folder paths and names: ("/", "a/b", "c") -> "/a/b/c"; nothing or only slashes -> "/". */
export function joinPath(...segments: string[]): string {
  return normalizeFolderPath(segments.join("/"));
}

/** What the client calls the root folder, everywhere it names it. */
export const ROOT_NAME = "My Drive";

/** The last folder of a path, or ROOT_NAME for the root. */
export function folderName(path: string): string {
  return pathSegments(path).at(-1) ?? ROOT_NAME;
}

/** How the client names a place: "My Drive" and the folders below it ("My Drive/Work/2026"). */
export const placeName = (folder: string) => `${ROOT_NAME}${folder === "/" ? "" : normalizeFolderPath(folder)}`;

/** The folder an item or folder is in: "/Work/2026/report.pdf" -> "/Work/2026", "/a.txt" -> "/". */
export function parentPath(path: string): string {
  return `/${pathSegments(path).slice(0, -1).join("/")}`;
}

/** Every folder from the top down to `path`, e.g. "/a/b" -> ["/a", "/a/b"]. */
export function ancestorsOf(path: string): string[] {
  const parts = pathSegments(path);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join("/")}`);
}
