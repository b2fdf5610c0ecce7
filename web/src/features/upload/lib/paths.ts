/** Joins folder path segments into "/a/b" form (no trailing slash; the root is "/"). */
export function joinPath(...segments: string[]): string {
  const parts = segments.flatMap((s) => s.split("/")).filter((s) => s !== "");
  return `/${parts.join("/")}`;
}

/** Every folder from the top down to `path`, e.g. "/a/b" -> ["/a", "/a/b"]. */
export function ancestorsOf(path: string): string[] {
  const parts = path.split("/").filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join("/")}`);
}
