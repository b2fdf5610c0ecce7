/** What the user chose for a file whose name is already taken in the destination. */
export type ClashChoice = "replace" | "keep-both" | "skip";

/** Splits "report.final.pdf" into "report.final" and ".pdf"; dot-files and names without a dot keep no extension. */
function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
}

/** "name (n).ext": the n-th alternative for a taken name. */
export function numberedName(name: string, n: number): string {
  const [stem, ext] = splitExtension(name);
  return `${stem} (${n})${ext}`;
}

/** The first of "name (1).ext", "name (2).ext", ... for which `isTaken` is false. */
export async function keepBothName(name: string, isTaken: (candidate: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; n < 10_000; n++) {
    const candidate = numberedName(name, n);
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new Error(`no free name for ${name}`);
}
