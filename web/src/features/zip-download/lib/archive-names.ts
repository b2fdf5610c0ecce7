/**
 * Names inside the archive. Drive names are user-supplied, so a name must stay one path segment: separators,
 * NUL and control characters, a drive prefix and the "." / ".." segments are replaced, never interpreted.
 */
export function safeSegment(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being replaced.
  const out = name.replace(/[/\\\u0000-\u001f\u007f]/g, "_").replace(/^([A-Za-z]):/, "$1_");
  if (out === "") return "_";
  if (out === "." || out === "..") return out.replaceAll(".", "_");
  return out;
}

/**
 * Names already used in one folder of the archive. Two names that differ only in case or Unicode normalisation
 * (Report.txt / report.txt, Café in NFC / NFD) would land on one file on Windows and macOS, so the later one gets
 * " (2)", " (3)" … before its extension, as a desktop file manager does on a copy.
 */
export class FolderNames {
  private readonly taken = new Set<string>();

  claim(name: string, isDir: boolean): string {
    const safe = safeSegment(name);
    const dot = isDir ? -1 : safe.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ""];
    let candidate = safe;
    for (let n = 2; this.taken.has(keyOf(candidate)); n++) candidate = `${stem} (${n})${ext}`;
    this.taken.add(keyOf(candidate));
    return candidate;
  }
}

const keyOf = (name: string) => name.normalize("NFC").toLowerCase();

/** The archive's own file name: the one item's name, else "<n> items". */
export function archiveName(items: readonly { name: string }[]): string {
  const [only] = items;
  const base = items.length === 1 && only ? safeSegment(only.name) : `${items.length} items`;
  return `${base}.zip`;
}
