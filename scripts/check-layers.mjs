// The client's import rule (docs/architecture.md, "Layers"): each folder of web/src imports only the layers below it,
// and a feature never imports another feature. Biome's noRestrictedImports (biome.json) flags `@/` imports across
// layers in the editor; this check is the complete one: it also resolves relative imports and knows every feature
// without a list to keep up to date. `node scripts/check-layers.mjs [srcDir]` prints each offending file:line.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** What each layer may import, besides itself. Files outside these folders (routes, main.tsx, …) may import anything. */
const ALLOWED = {
  lib: ["lib", "components"],
  components: ["lib", "components"],
  shared: ["lib", "components", "shared"],
  features: ["lib", "components", "shared"],
  app: ["lib", "components", "shared", "features", "app"],
};
const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && SOURCE.test(entry.name) ? [file] : [];
  });
}

/** "features/files", "shared", … for a path inside src; undefined outside the layered folders. */
function unitOf(relative) {
  const [top, sub] = relative.split(/[\\/]/);
  if (!(top in ALLOWED)) return undefined;
  return top === "features" ? `features/${sub}` : top;
}

/** Every import of a file in `srcDir` that points sideways or upward, as { file, line, specifier, reason }. */
export function checkLayers(srcDir) {
  const src = path.resolve(srcDir);
  const violations = [];
  for (const file of sourceFiles(src)) {
    const from = path.relative(src, file);
    const fromUnit = unitOf(from);
    if (!fromUnit) continue;
    const layer = fromUnit.split("/")[0];
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1];
      let target;
      if (specifier.startsWith("@/")) target = specifier.slice(2);
      else if (specifier.startsWith(".")) target = path.relative(src, path.resolve(path.dirname(file), specifier));
      else continue;
      if (target.startsWith("..")) continue;
      const toUnit = unitOf(target);
      const toLayer = toUnit?.split("/")[0];
      if (toUnit === fromUnit || (toLayer && ALLOWED[layer].includes(toLayer))) continue;
      const line = text.slice(0, match.index).split("\n").length;
      const reason =
        layer === "features" && toLayer === "features"
          ? `${fromUnit} may not import another feature (${toUnit}); share it through shared/`
          : `${layer}/ may import only ${ALLOWED[layer].join(", ")}; not ${toUnit ?? target.split(/[\\/]/)[0]}`;
      violations.push({ file: path.relative(process.cwd(), file), line, specifier, reason });
    }
  }
  return violations;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const srcDir = process.argv[2] ?? path.resolve(import.meta.dirname, "../web/src");
  const violations = checkLayers(srcDir);
  for (const v of violations) console.error(`${v.file}:${v.line}: "${v.specifier}": ${v.reason}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) break the layer rule (docs/architecture.md, "Layers")`);
    process.exit(1);
  }
  console.log(`layers: ${path.relative(process.cwd(), srcDir) || "."} imports only downward`);
}
