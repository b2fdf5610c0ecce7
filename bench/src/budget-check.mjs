// Fails `npm test` when the JavaScript a first page loads before any user action passes the budget, counted as the
// bytes the real server puts on the wire for a browser that accepts Brotli and gzip (as Chromium does): index.html's
// scripts, the page's route chunks, and every chunk they import statically, for /my-drive (where a signed-in user
// lands), /login (a new visitor's first page) and /share/{id} (a shared link's).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// Issue 6's budget, measured compressed on the wire since issue 11. React DOM, the router, React Query and the
// virtualiser are most of it; menus, popups, dialogs, toasts and viewers are fetched on first use (see bench/README.md).
const BUDGET = 150 * 1024;
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const repo = path.resolve(import.meta.dirname, "../..");
const dist = path.resolve(process.env.WEB_DIST ?? path.join(repo, "web/dist"));
// Route files under web/src/routes (besides __root) whose chunks each page loads.
const PAGES = [
  { path: "/my-drive", routes: ["_authed", "_authed/my-drive"] },
  { path: "/login", routes: ["_auth", "_auth/login"] },
  { path: "/share/{id}", routes: ["share.$id"] },
];

/** Vite names a route's chunk after its file: "_auth/login" -> assets/login-<hash>.js, "share.$id" -> share._id-…. */
function routeChunkPattern(routes) {
  const names = ["__root", ...routes].map((r) => r.split("/").pop().replaceAll("$", "_").replaceAll(".", "\\."));
  return new RegExp(`^(${names.join("|")})-[\\w-]+\\.js$`);
}

function htmlScripts() {
  const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  return [
    ...[...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map((m) => m[1]),
  ];
}

function firstLoadFiles({ routes }) {
  const routeChunk = routeChunkPattern(routes);
  const files = new Set();
  const staticImports = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([\w.-]+\.js)["']/g;
  const visit = (file) => {
    if (files.has(file) || !fs.existsSync(path.join(dist, file))) return;
    files.add(file);
    const code = fs.readFileSync(path.join(dist, file), "utf8");
    for (const m of code.matchAll(staticImports)) visit(path.posix.join(path.posix.dirname(file), m[1]));
  };
  for (const f of htmlScripts()) visit(f);
  for (const f of fs.readdirSync(path.join(dist, "assets"))) if (routeChunk.test(f)) visit(`assets/${f}`);
  return files;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The real server on the build, with an empty data dir; resolves once it says it listens. */
async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-budget-"));
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, WEB_DIST: dist };
  delete env.DATABASE_URL;
  delete env.TELDRIVE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(repo, "server/src/main.ts")], {
    cwd: repo,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (/listening/.test(output)) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      child.once("exit", resolve);
      child.kill("SIGTERM");
    }).finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { origin: `http://127.0.0.1:${port}`, stop };
}

/** Bytes of the response body as they crossed the wire (not decoded), with the encoding the server chose. */
function wireSize(origin, file) {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}/${file}`, { headers: { "accept-encoding": ACCEPT_ENCODING } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => {
          bytes += chunk.length;
        });
        res.on("end", () => {
          if (res.statusCode !== 200) reject(new Error(`${file}: HTTP ${res.statusCode}`));
          else resolve({ bytes, encoding: res.headers["content-encoding"] ?? "identity" });
        });
      })
      .on("error", reject);
  });
}

if (!fs.existsSync(path.join(dist, "index.html"))) {
  console.error(`no client build in ${dist} (npm run build -w web)`);
  process.exit(1);
}
const server = await startServer();
let failed = false;
try {
  for (const page of PAGES) {
    const files = [...firstLoadFiles(page)];
    let total = 0;
    const rows = [];
    for (const file of files) {
      const { bytes, encoding } = await wireSize(server.origin, file);
      total += bytes;
      rows.push(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${encoding.padEnd(8)} ${file}`);
    }
    console.log(`${page.path} first-load JavaScript, bytes on the wire (Accept-Encoding: ${ACCEPT_ENCODING}):`);
    console.log(rows.join("\n"));
    const kb = (total / 1024).toFixed(1);
    if (files.length === 0) {
      console.error(`no JavaScript found in ${dist}`);
      failed = true;
    } else if (total > BUDGET) {
      console.error(`${page.path}: ${kb} KB of first-page JavaScript on the wire, over the ${BUDGET / 1024} KB budget`);
      failed = true;
    } else
      console.log(`${page.path}: ${kb} KB of first-page JavaScript on the wire, within the ${BUDGET / 1024} KB budget`);
  }
} finally {
  await server.stop();
}
if (failed) process.exit(1);
