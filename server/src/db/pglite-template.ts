import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { PGlite, PGliteOptions } from "@electric-sql/pglite";

/** Where initialised, empty PGlite data directories are kept, one per PGlite version. */
const CACHE_DIR =
  process.env.PGLITE_TEMPLATE_DIR ?? path.resolve(import.meta.dirname, "../../node_modules/.cache/pglite");

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * Fills a new, empty PGlite data directory with a copy of an initialised one instead of letting PGlite run initdb:
 * initdb is 2-3 s of WebAssembly on every fresh start (each test file, each e2e worker, a first `npm start`); a copy
 * is a few hundred milliseconds. The template is made once per PGlite version (by this same initdb) and reused.
 * Any failure (read-only cache, full disk) leaves the directory as it was, and PGlite initialises it itself.
 */
export async function seedFromTemplate(
  dir: string,
  create: (dir: string, options?: PGliteOptions) => Promise<PGlite>,
): Promise<void> {
  if (!isEmptyDir(dir)) return;
  try {
    const template = path.join(CACHE_DIR, `v${pgliteVersion()}`);
    if (!fs.existsSync(path.join(template, "PG_VERSION"))) {
      // Built aside and renamed into place, so a concurrent start never copies a half-made template.
      const building = path.join(CACHE_DIR, `building-${crypto.randomUUID()}`);
      fs.mkdirSync(building, { recursive: true });
      try {
        await (await create(building)).close();
        fs.renameSync(building, template);
      } catch (err) {
        fs.rmSync(building, { recursive: true, force: true });
        // Another process put its template in place first: use that one.
        if (!fs.existsSync(path.join(template, "PG_VERSION"))) throw err;
      }
    }
    fs.cpSync(template, dir, { recursive: true });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    console.warn(`pglite: starting without a template (${err instanceof Error ? err.message : err})`);
  }
}
