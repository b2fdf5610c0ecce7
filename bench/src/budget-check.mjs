// Fails `npm test` when the JavaScript /my-drive loads before any user action passes the gzip budget:
// the entry, its static imports, and the route chunks of the authenticated layout and my-drive with theirs.
// Uses Vite's manifest (build.manifest) when present, else index.html and the chunks' own import statements.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// Issue 6's budget. React DOM, the router, React Query and the virtualiser are most of it; menus, popups,
// dialogs, toasts and viewers are fetched on first use (see bench/README.md).
const BUDGET = 150 * 1024;
const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist"));
const ROUTE_SRC = /routes\/(_authed\.tsx|_authed\/my-drive(\/index)?\.tsx|__root\.tsx)/;
const ROUTE_FILE = /^assets\/(_authed|my-drive|__root)-[\w-]+\.js$/;

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

function fromManifest(manifest) {
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
    if (chunk.isEntry || (chunk.src && ROUTE_SRC.test(chunk.src)) || ROUTE_SRC.test(key)) visit(key);
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

function fromHtml() {
  const files = new Set();
  const staticImports = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([\w.-]+\.js)["']/g;
  const visit = (file) => {
    if (files.has(file) || !fs.existsSync(path.join(dist, file))) return;
    files.add(file);
    const code = fs.readFileSync(path.join(dist, file), "utf8");
    for (const m of code.matchAll(staticImports)) visit(path.posix.join(path.posix.dirname(file), m[1]));
  };
  for (const f of htmlScripts()) visit(f);
  for (const f of fs.readdirSync(path.join(dist, "assets"))) if (ROUTE_FILE.test(`assets/${f}`)) visit(`assets/${f}`);
  return files;
}

const manifestPath = path.join(dist, ".vite", "manifest.json");
const usingManifest = fs.existsSync(manifestPath);
const files = usingManifest ? fromManifest(JSON.parse(fs.readFileSync(manifestPath, "utf8"))) : fromHtml();
let total = 0;
const rows = [...files].map((f) => {
  const size = gzipSize(f);
  total += size;
  return `  ${(size / 1024).toFixed(1).padStart(7)} KB  ${f}`;
});
console.log(`/my-drive first-load JavaScript (${usingManifest ? "Vite manifest" : "index.html + static imports"}):`);
console.log(rows.join("\n"));
const kb = (total / 1024).toFixed(1);
if (files.size === 0) {
  console.error(`no JavaScript found in ${dist}`);
  process.exit(1);
}
if (total > BUDGET) {
  console.error(`first-page JavaScript is ${kb} KB gzip, over the ${BUDGET / 1024} KB budget`);
  process.exit(1);
}
console.log(`first-page JavaScript: ${kb} KB gzip, within the ${BUDGET / 1024} KB budget`);
