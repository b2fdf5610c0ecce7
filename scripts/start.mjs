// `npm start`: builds the client only when its sources changed since the last build (or there is none), then runs
// the server. `node scripts/start.mjs --check` only says whether a build is needed (exit 0: up to date, 1: needed).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const repo = path.resolve(import.meta.dirname, "..");
const web = path.resolve(process.env.WEB_DIR ?? path.join(repo, "web"));
const dist = path.join(web, "dist");
/** Written beside the build by this script; a dotfile, so the server never serves it. */
const stamp = path.join(dist, ".source-hash");

/** What the client build is made from: its sources, its config, and the installed dependencies (the lockfile). */
const INPUTS = ["src", "public", "index.html", "vite.config.ts", "tsconfig.json", "package.json"];

function* filesUnder(entry) {
  if (!fs.existsSync(entry)) return;
  if (fs.statSync(entry).isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* filesUnder(path.join(entry, name));
}

/** A hash of every input's path and content: unlike timestamps, it survives checkouts and copies. */
function sourceHash() {
  const hash = crypto.createHash("sha256");
  const lockfile = path.join(repo, "package-lock.json");
  for (const file of [...INPUTS.flatMap((input) => [...filesUnder(path.join(web, input))]), lockfile]) {
    if (!fs.existsSync(file)) continue;
    hash.update(path.relative(repo, file)).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

function builtFrom() {
  if (!fs.existsSync(path.join(dist, "index.html"))) return undefined;
  return fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8").trim() : undefined;
}

const current = sourceHash();
const upToDate = builtFrom() === current;

if (process.argv.includes("--check")) {
  console.log(upToDate ? "client build is up to date" : "client build is missing or older than its sources");
  process.exit(upToDate ? 0 : 1);
}

if (upToDate) console.log("client build is up to date (sources unchanged since the last build)");
else {
  console.log("building the client (its sources changed since the last build, or there is none)");
  const built = spawnSync("npm", ["run", "build"], { cwd: web, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
  fs.writeFileSync(stamp, `${current}\n`);
}

// From server/, as `npm run start -w server` runs it: a relative DATA_DIR (default ./data) means server/data.
const server = spawn(process.execPath, ["--import", "tsx", path.join(repo, "server/src/main.ts")], {
  cwd: path.join(repo, "server"),
  stdio: "inherit",
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? dist },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
