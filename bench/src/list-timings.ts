// Server time per list page at several folder sizes, on PGlite and on a throw-away PostgreSQL, from the files
// module's own benchmark script (server/test/files-list-bench.ts). LIST_SIZES overrides the sizes.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { startTestPostgres } from "../../scripts/test-postgres.mjs";

const SERVER = path.resolve(import.meta.dirname, "../../server");

function run(sizes: string[], extra: string[]): string {
  const r = spawnSync("npx", ["tsx", "test/files-list-bench.ts", ...sizes, ...extra], {
    cwd: SERVER,
    encoding: "utf8",
    timeout: 30 * 60 * 1000,
  });
  if (r.status !== 0) throw new Error(`files-list-bench failed: ${r.stderr.split("\n").slice(-5).join(" ")}`);
  return r.stdout;
}

/** "pglite N=1000 (seeded ...)" blocks of "  label   ms" lines -> one summary per block. */
function summarise(output: string, into: Record<string, string>) {
  let block = "";
  let parts: string[] = [];
  const flush = () => {
    if (block) into[block] = parts.join(", ");
  };
  for (const line of output.split("\n")) {
    const head = /^(\w+) N=(\d+)/.exec(line);
    if (head) {
      flush();
      block = `${head[1] === "pglite" ? "PGlite" : "PostgreSQL"}, ${Number(head[2]).toLocaleString("en")} files`;
      parts = [];
      continue;
    }
    const m = /^\s{2}(.+?)\s+([\d.]+)$/.exec(line);
    if (!m?.[1] || !m[2]) continue;
    const label = m[1];
    const page = /^name page (\d+)$/.exec(label)?.[1];
    if (page && !parts.some((p) => p.startsWith(`page ${page} `))) parts.push(`page ${page} ${m[2]} ms`);
    else if (label.startsWith("find text")) parts.push(`text search ${m[2]} ms`);
  }
  flush();
}

export async function runListTimingsBench(): Promise<Record<string, string>> {
  const sizes = (process.env.LIST_SIZES ?? "1000,100000,1000000").split(",").filter(Boolean);
  const result: Record<string, string> = {};
  summarise(run(sizes, []), result);
  const pg = startTestPostgres();
  if (!pg) result.PostgreSQL = "not available (no PostgreSQL installed)";
  else {
    try {
      summarise(run(sizes, ["--pg", pg.url]), result);
    } finally {
      pg.stop();
    }
  }
  return result;
}
