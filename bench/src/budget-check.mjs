// Fails `npm test` when the JavaScript a first page loads before any user action passes the gzip budget:
// the entry, its static imports, and the page's route chunks with theirs, for /my-drive (where a signed-in
// user lands), /login (a new visitor's first page) and /share/{id} (a shared link's).
// Uses Vite's manifest (build.manifest) when present, else index.html and the chunks' own import statements.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// Issue 6's budget. React DOM, the router, React Query and the virtualiser are most of it; menus, popups,
// dialogs, toasts and viewers are fetched on first use (see bench/README.md).
const BUDGET = 150 * 1024;
const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist"));
const PAGES = [
  {
    path: "/my-drive",
    routeSrc: /routes\/(_authed\.tsx|_authed\/my-drive\.tsx|__root\.tsx)/,
    routeFile: /^assets\/(_authed|my-drive|__root)-[\w-]+\.js$/,
  },
  {
    path: "/login",
    routeSrc: /routes\/(_auth\.tsx|_auth\/login\.tsx|__root\.tsx)/,
    routeFile: /^assets\/(_auth|login|__root)-[\w-]+\.js$/,
  },
  {
    path: "/share/{id}",
    routeSrc: /routes\/(share\.\$id\.tsx|__root\.tsx)/,
    routeFile: /^assets\/(share\._id|__root)-[\w-]+\.js$/,
  },
];

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

function fromManifest(manifest, { routeSrc }) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    if (chunk.file.endsWith(".js")) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  // Plain scripts from public/ (e.g. the theme boot script) are not in the manifest.
  for (const f of htmlScripts()) if (!f.startsWith("assets/")) files.add(f);
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || (chunk.src && routeSrc.test(chunk.src)) || routeSrc.test(key)) visit(key);
  }
  return files;
}

function htmlScripts() {
  const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  return [
    ...[...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map((m) => m[1]),
  ];
}

function fromHtml({ routeFile }) {
  const files = new Set();
  const staticImports = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([\w.-]+\.js)["']/g;
  const visit = (file) => {
    if (files.has(file) || !fs.existsSync(path.join(dist, file))) return;
    files.add(file);
    const code = fs.readFileSync(path.join(dist, file), "utf8");
    for (const m of code.matchAll(staticImports)) visit(path.posix.join(path.posix.dirname(file), m[1]));
  };
  for (const f of htmlScripts()) visit(f);
  for (const f of fs.readdirSync(path.join(dist, "assets"))) if (routeFile.test(`assets/${f}`)) visit(`assets/${f}`);
  return files;
}

const manifestPath = path.join(dist, ".vite", "manifest.json");
const manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, "utf8")) : undefined;
let failed = false;
for (const page of PAGES) {
  const files = manifest ? fromManifest(manifest, page) : fromHtml(page);
  let total = 0;
  const rows = [...files].map((f) => {
    const size = gzipSize(f);
    total += size;
    return `  ${(size / 1024).toFixed(1).padStart(7)} KB  ${f}`;
  });
  console.log(`${page.path} first-load JavaScript (${manifest ? "Vite manifest" : "index.html + static imports"}):`);
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
