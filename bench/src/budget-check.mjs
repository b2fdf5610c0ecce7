// Fails `npm test` when the JavaScript a first page loads before any user action passes the gzip budget:
// index.html's scripts, the page's route chunks, and every chunk they import statically, for /my-drive (where a
// signed-in user lands), /login (a new visitor's first page) and /share/{id} (a shared link's).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// Issue 6's budget. React DOM, the router, React Query and the virtualiser are most of it; menus, popups,
// dialogs, toasts and viewers are fetched on first use (see bench/README.md).
const BUDGET = 150 * 1024;
const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist"));
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

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

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

let failed = false;
for (const page of PAGES) {
  const files = firstLoadFiles(page);
  let total = 0;
  const rows = [...files].map((f) => {
    const size = gzipSize(f);
    total += size;
    return `  ${(size / 1024).toFixed(1).padStart(7)} KB  ${f}`;
  });
  console.log(`${page.path} first-load JavaScript:`);
  console.log(rows.join("\n"));
  const kb = (total / 1024).toFixed(1);
  if (files.size === 0) {
    console.error(`no JavaScript found in ${dist}`);
    failed = true;
  } else if (total > BUDGET) {
    console.error(`${page.path}: ${kb} KB gzip of first-page JavaScript, over the ${BUDGET / 1024} KB budget`);
    failed = true;
  } else console.log(`${page.path}: ${kb} KB gzip of first-page JavaScript, within the ${BUDGET / 1024} KB budget`);
}
if (failed) process.exit(1);
