// A PostgreSQL cluster from Debian's packages that outlives a bench run (its data dir is in the bench cache), so a
// seeded million-file database is made once and reused: each run copies it with CREATE DATABASE ... TEMPLATE.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../../e2e/lib/server.js";
import { pgBin } from "../../../scripts/test-postgres.mjs";

export interface Cluster {
  /** URL of database `name` in the cluster. */
  url(name: string): string;
  query(sql: string): Promise<void>;
  databaseExists(name: string): Promise<boolean>;
  stop(): void;
}

/** Starts (creating on first use) the cluster kept in `dir`; undefined when PostgreSQL is not installed. */
export async function startCachedCluster(dir: string): Promise<Cluster | undefined> {
  const bin = pgBin();
  if (!bin) return undefined;
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    execFileSync(file, argv as string[], { stdio: ["ignore", "ignore", "inherit"] });
  };
  const data = path.join(dir, "data");
  fs.mkdirSync(dir, { recursive: true });
  if (asRoot) execFileSync("chown", ["-R", "postgres", dir]);
  if (!fs.existsSync(path.join(data, "PG_VERSION"))) run("initdb", ["-D", data, "-A", "trust", "-U", "postgres"]);
  const port = await freePort();
  // Like a small production server: fsync on, shared buffers sized for the 2-core box, autovacuum on (default).
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    path.join(dir, "log"),
    "-w",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=512MB`,
    "start",
  ]);
  const url = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url("postgres") });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    query: (sql) => admin(async (c) => void (await c.query(sql))),
    databaseExists: (name) =>
      admin(async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rows.length > 0),
    stop() {
      const args = ["-D", data, "-m", "fast", "stop"];
      spawnSync(
        asRoot ? "runuser" : path.join(bin, "pg_ctl"),
        asRoot ? ["-u", "postgres", "--", path.join(bin, "pg_ctl"), ...args] : args,
        { stdio: "ignore" },
      );
    },
  };
}
