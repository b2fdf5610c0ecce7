// Where a Markdown document's link or image points: another file of the drive (relative to the document's folder, or
// from the drive's root), an outside web page, or nowhere we follow.

export type MarkdownTarget =
  | { kind: "drive"; path: string }
  | { kind: "external"; url: string }
  /** Within the document (`#section`), or a scheme we never follow (`javascript:`, `data:`, `file:`…). */
  | { kind: "none" };

const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const EXTERNAL = new Set(["http", "https", "mailto"]);

/** "/a/b" + "../c/d.md" -> "/a/c/d.md"; undefined when it climbs above the drive's root or names no file. */
export function resolveDrivePath(folder: string, reference: string): string | undefined {
  // "sub/", "." and ".." name folders, not files.
  const last = reference.split("/").at(-1);
  if (last === undefined || last === "" || last === "." || last === "..") return undefined;
  const start = reference.startsWith("/") ? [] : folder.split("/").filter(Boolean);
  const segments = [...start];
  for (const raw of reference.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    // A name never holds "/" (the server refuses it): an encoded one is a trick, not a name.
    if (segment.includes("/") || segment.includes("\\")) return undefined;
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.length > 0 ? `/${segments.join("/")}` : undefined;
}

/** The target of `href` in a document kept in `folder` (a drive path such as "/Docs"). */
export function markdownTarget(href: string | null | undefined, folder: string): MarkdownTarget {
  const trimmed = (href ?? "").trim();
  if (trimmed === "" || trimmed.startsWith("#")) return { kind: "none" };
  // Control characters and spaces inside a scheme are how `java\tscript:` slips past naive checks: refused.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return { kind: "none" };
  if (trimmed.startsWith("//")) return external(`https:${trimmed}`);
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined) return EXTERNAL.has(scheme) ? external(trimmed) : { kind: "none" };
  const path = resolveDrivePath(folder, trimmed.replace(/[?#].*$/, ""));
  return path === undefined ? { kind: "none" } : { kind: "drive", path };
}

function external(url: string): MarkdownTarget {
  try {
    return { kind: "external", url: new URL(url).toString() };
  } catch {
    return { kind: "none" };
  }
}
