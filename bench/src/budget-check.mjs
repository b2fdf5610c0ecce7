// Fails when the JavaScript the first page loads (entry + its static imports) passes the gzip budget.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const BUDGET = 150 * 1024;
const dist = path.resolve(import.meta.dirname, "../../web/dist");
const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const f of new Set(files)) total += zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
const kb = (total / 1024).toFixed(1);
if (total > BUDGET) {
  console.error(`first-page JavaScript is ${kb} KB gzip, over the ${BUDGET / 1024} KB budget`);
  process.exit(1);
}
console.log(`first-page JavaScript: ${kb} KB gzip (budget ${BUDGET / 1024} KB)`);
