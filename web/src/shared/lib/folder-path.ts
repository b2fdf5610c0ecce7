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

/** The last folder of a path, or "My Drive" for the root. */
export function folderName(path: string): string {
  return pathSegments(path).at(-1) ?? "My Drive";
}

export function parentPath(path: string): string {
  return `/${pathSegments(path).slice(0, -1).join("/")}`;
}

/** Every folder from the top down to `path`, e.g. "/a/b" -> ["/a", "/a/b"]. */
export function ancestorsOf(path: string): string[] {
  const parts = pathSegments(path);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join("/")}`);
}
