// The import rules (docs/architecture.md, "Where code goes"): each floor imports only the floors below it, and a
// feature never imports another feature. Biome's noRestrictedImports (biome.json) flags `@/` imports across floors
// in the editor; this check is the complete one: it also resolves relative imports and knows every feature without a
// list to keep up to date. `node scripts/check-layers.mjs [webSrcDir]` prints each offending file:line.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && SOURCE.test(entry.name) ? [file] : [];
  });
}

// ---- web/src -------------------------------------------------------------------------------------------------------

/**
 * The client's floors, top to bottom, and what each may import besides itself. routes/, main.tsx and router.tsx
 * sit above them all and may import anything; a file of web/src outside every floor is itself a violation.
 */
const WEB_ALLOWED = {
  app: ["app", "features", "drive", "ui", "lib"],
  features: ["drive", "ui", "lib"],
  drive: ["drive", "ui", "lib"],
  ui: ["ui", "lib"],
  lib: ["lib"],
};
const WEB_TOP = new Set(["routes", "main.tsx", "router.tsx", "routeTree.gen.ts", "test-setup.ts", "vite-env.d.ts"]);

/** "features/files", "drive", … for a path inside web/src; "top" for routes and the entry files; undefined elsewhere. */
function webUnitOf(relative) {
  const [top, sub] = relative.split(/[\\/]/);
  if (WEB_TOP.has(top)) return "top";
  if (!(top in WEB_ALLOWED)) return undefined;
  return top === "features" ? `features/${sub}` : top;
}

function webReason(fromUnit, toUnit, target) {
  const floor = fromUnit.split("/")[0];
  if (floor === "features" && toUnit?.startsWith("features/"))
    return `${fromUnit} may not import another feature (${toUnit}); move what both need down into drive/ or lib/`;
  return `${floor}/ may import only ${WEB_ALLOWED[floor].join(", ")}; not ${toUnit ?? target.split(/[\\/]/)[0]}`;
}

/** Every import of a file in web/src (`srcDir`) that points sideways or upward, as { file, line, specifier, reason }. */
export function checkLayers(srcDir) {
  const src = path.resolve(srcDir);
  const violations = [];
  for (const file of sourceFiles(src)) {
    const from = path.relative(src, file);
    const fromUnit = webUnitOf(from);
    const where = path.relative(process.cwd(), file);
    if (fromUnit === undefined) {
      const reason = `outside every floor: web/src holds only ${Object.keys(WEB_ALLOWED).join(", ")}, routes and the entry files`;
      violations.push({ file: where, line: 1, specifier: from, reason });
      continue;
    }
    if (fromUnit === "top") continue;
    const floor = fromUnit.split("/")[0];
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1];
      let target;
      if (specifier.startsWith("@/")) target = specifier.slice(2);
      else if (specifier.startsWith(".")) target = path.relative(src, path.resolve(path.dirname(file), specifier));
      else continue;
      if (target.startsWith("..")) continue;
      const toUnit = webUnitOf(target);
      const toFloor = toUnit?.split("/")[0];
      if (toUnit === fromUnit || (toFloor && WEB_ALLOWED[floor].includes(toFloor))) continue;
      const line = text.slice(0, match.index).split("\n").length;
      violations.push({ file: where, line, specifier, reason: webReason(fromUnit, toUnit, target) });
    }
  }
  return violations;
}

// ---- main ----------------------------------------------------------------------------------------------------------

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const srcDir = process.argv[2] ?? path.resolve(import.meta.dirname, "../web/src");
  const violations = checkLayers(srcDir);
  for (const v of violations) console.error(`${v.file}:${v.line}: "${v.specifier}": ${v.reason}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) break the layer rule (docs/architecture.md, "Where code goes")`);
    process.exit(1);
  }
  console.log(`layers: ${path.relative(process.cwd(), srcDir) || "."} imports only downward`);
}
