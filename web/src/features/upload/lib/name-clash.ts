import { numberedName } from "@/drive/files/free-name";

export { numberedName };

/** What the user chose for a file whose name is already taken in the destination. */
export type ClashChoice = "replace" | "keep-both" | "skip";

/** The first of "name (1).ext", "name (2).ext", ... for which `isTaken` is false. */
export async function keepBothName(name: string, isTaken: (candidate: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; n < 10_000; n++) {
    const candidate = numberedName(name, n);
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new Error(`no free name for ${name}`);
}
