// Starts a throw-away PostgreSQL cluster from Debian's packages for the server suite, and stops it again.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function pgBin() {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

/**
 * Tries ports from `firstPort` up until one is free (pg_ctl fails to start on a taken one).
 * @returns {{ url: string, stop: () => void } | undefined}
 */
export function startTestPostgres(firstPort = 55432) {
  const bin = pgBin();
  if (!bin) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-pg-"));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the cluster as the postgres user then.
  const run = (cmd, args) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    execFileSync(file, argv, { stdio: ["ignore", "ignore", "inherit"] });
  };
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  let port = firstPort;
  for (; ; port++) {
    try {
      run("pg_ctl", [
        "-D",
        data,
        "-l",
        path.join(dir, "log"),
        "-w",
        "-o",
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
        "start",
      ]);
      break;
    } catch (err) {
      if (port >= firstPort + 20) {
        fs.rmSync(dir, { recursive: true, force: true });
        throw err;
      }
    }
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      spawnSync(
        asRoot ? "runuser" : path.join(bin, "pg_ctl"),
        asRoot
          ? ["-u", "postgres", "--", path.join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"]
          : ["-D", data, "-m", "immediate", "stop"],
        { stdio: "ignore" },
      );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
