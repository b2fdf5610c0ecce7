import picomatch from "picomatch";
import type { SyncArgs } from "./args.js";

/** One file a source offers: its path below the source's root ('/'-separated, no leading slash). */
export interface SourceEntry {
  path: string;
  size: number;
  modified?: Date;
}

/**
 * rclone-style filters: a file is taken when it matches an `include` pattern (all when none), no `exclude` pattern,
 * lies within the size limits, and no folder above it holds a file named in `excludeIfPresent`. Patterns without a
 * slash match the file's name at any depth; with one, its path from the source's root.
 */
export function fileFilter(filters: SyncArgs["filters"]): (entry: SourceEntry, markers: Set<string>) => boolean {
  const compile = (patterns: string[] | undefined) =>
    (patterns ?? []).map((p) => {
      const byPath = p.includes("/");
      const match = picomatch(p.replace(/^\//, ""), { dot: true });
      return (path: string) => match(byPath ? path : (path.split("/").pop() ?? path));
    });
  const include = compile(filters?.include);
  const exclude = compile(filters?.exclude);
  const { minSize, maxSize } = filters ?? {};
  return (entry, markers) => {
    if (include.length > 0 && !include.some((m) => m(entry.path))) return false;
    if (exclude.some((m) => m(entry.path))) return false;
    if (minSize !== undefined && entry.size < minSize) return false;
    if (maxSize !== undefined && entry.size > maxSize) return false;
    const parts = entry.path.split("/");
    for (let i = 0; i < parts.length; i++) if (markers.has(parts.slice(0, i).join("/"))) return false;
    return true;
  };
}

/** The folders (relative paths, "" for the root) that hold one of the `excludeIfPresent` names. */
export function markedFolders(entries: SourceEntry[], names: string[] | undefined): Set<string> {
  const marked = new Set<string>();
  if (!names?.length) return marked;
  const wanted = new Set(names);
  for (const e of entries) {
    const parts = e.path.split("/");
    const name = parts.pop() ?? "";
    if (wanted.has(name)) marked.add(parts.join("/"));
  }
  return marked;
}
