import fs from "node:fs";
import path from "node:path";

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
/** PGlite sets its files' modes itself (0666, 0644), whatever the umask: its folder is checked at every start. */
const PGLITE_DIR = "pglite";

/** Creates the data directory (or narrows an existing one) so only the server's own user can enter it. */
export function lockDataDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  fs.chmodSync(dir, DIR_MODE);
}

/**
 * Sets `target` and everything below it private (folders 0700, files 0600), a folder's entries before the
 * folder itself; symbolic links are never followed. With `skipPrivateFolders`, a folder already at 0700 is
 * taken as done: this server makes part folders 0700 and writes parts 0600, and fixes an older folder's
 * parts before the folder, so a million parts are not checked again at every start.
 */
function tighten(target: string, skipPrivateFolders: boolean): number {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return 0;
  const mode = stat.mode & 0o777;
  if (!stat.isDirectory()) {
    if (mode === FILE_MODE) return 0;
    fs.chmodSync(target, FILE_MODE);
    return 1;
  }
  if (skipPrivateFolders && mode === DIR_MODE) return 0;
  let changed = 0;
  for (const name of fs.readdirSync(target)) changed += tighten(path.join(target, name), skipPrivateFolders);
  if (mode !== DIR_MODE) {
    fs.chmodSync(target, DIR_MODE);
    changed++;
  }
  return changed;
}

/**
 * Makes what a previous run left in the data directory private: PGlite's files (written world-writable)
 * and parts written world-readable by older versions. Returns how many entries it changed.
 */
export function tightenDataDir(dir: string): number {
  let changed = 0;
  for (const name of fs.readdirSync(dir)) changed += tighten(path.join(dir, name), name !== PGLITE_DIR);
  return changed;
}
