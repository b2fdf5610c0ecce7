/** "/a/b" -> ["a", "b"]; the root has none. */
export function pathSegments(path: string): string[] {
  return path.split("/").filter(Boolean);
}

/** The path of folder `name` inside `parent`. */
export function joinFolder(parent: string, name: string): string {
  return `/${[...pathSegments(parent), name].join("/")}`;
}
