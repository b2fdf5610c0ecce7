/** Splits "report.final.pdf" into "report.final" and ".pdf"; dot-files and names without a dot keep no extension. */
function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
}

/** "name (n).ext": the n-th alternative for a taken name (uploads' "Keep both", copies). */
export function numberedName(name: string, n: number): string {
  const [stem, ext] = splitExtension(name);
  return `${stem} (${n})${ext}`;
}

/**
 * The names a copy of `name` tries, in order, while the one before is taken: a copy in its own folder is "Copy of
 * name", then "Copy of name (1)", ...; a copy into another folder that holds the name is "name (1).ext", ...
 */
export function* copyNames(name: string, inPlace: boolean, most = 100): Generator<string> {
  const base = inPlace ? `Copy of ${name}` : name;
  if (inPlace) yield base;
  for (let n = 1; n <= most; n++) yield numberedName(base, n);
}
