import fs from "node:fs";
import path from "node:path";

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Creates the data directory (or narrows an existing one) so only the server's own user can enter it. */
export function lockDataDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  fs.chmodSync(dir, DIR_MODE);
}

/**
 * Makes everything below the data directory private: directories 0700, files 0600. PGlite writes its files
 * world-writable and older versions wrote parts world-readable; this fixes what a previous run left. Symbolic
 * links are left alone (never followed). Returns how many entries it changed.
 */
export async function tightenDataDir(dir: string): Promise<number> {
  let changed = 0;
  const visit = async (target: string) => {
    const stat = await fs.promises.lstat(target);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? DIR_MODE : FILE_MODE;
    if ((stat.mode & 0o777) !== wanted) {
      await fs.promises.chmod(target, wanted);
      changed++;
    }
    if (!stat.isDirectory()) return;
    for await (const entry of await fs.promises.opendir(target)) await visit(path.join(target, entry.name));
  };
  await visit(dir);
  return changed;
}
