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

// The server's rule (docs/architecture.md, "Server layers"): infrastructure never imports an API area, nothing
// imports the entry points, and no module imports itself through others (no import circle, type-only imports
// included, as `madge --circular` counts them).

/** server/src's infrastructure: what an API area stands on. Every other folder (and deps.ts) is an API area. */
const SERVER_INFRASTRUCTURE = ["config.ts", "data-dir.ts", "http", "db", "storage", "delivery", "jobs"];
/** The entry points: they put the areas together and may import anything; nothing below imports them. */
const SERVER_ENTRY = ["app.ts", "main.ts", "cli.ts"];

function serverFloorOf(relative) {
  const top = relative.split(/[\\/]/)[0];
  if (SERVER_ENTRY.includes(top)) return "entry";
  return SERVER_INFRASTRUCTURE.includes(top) ? "infrastructure" : "area";
}

/** The source file a relative import names (`./x.js` is `./x.ts` in TypeScript), or undefined outside `src`. */
function resolveImport(src, file, specifier) {
  const base = path.resolve(path.dirname(file), specifier);
  const candidates = [base, base.replace(/\.(m?)js$/, ".$1ts"), `${base}.ts`, path.join(base, "index.ts")];
  const found = candidates.find((c) => SOURCE.test(c) && fs.existsSync(c) && fs.statSync(c).isFile());
  return found && !path.relative(src, found).startsWith("..") ? found : undefined;
}

/** Every relative import of each file under `src`: { from, to, line, specifier }. */
function relativeImports(src) {
  const edges = [];
  for (const file of sourceFiles(src)) {
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1];
      if (!specifier.startsWith(".")) continue;
      const to = resolveImport(src, file, specifier);
      if (!to) continue;
      edges.push({ from: file, to, line: text.slice(0, match.index).split("\n").length, specifier });
    }
  }
  return edges;
}

/** One circle through each group of files that import one another (Tarjan's strongly connected components). */
function importCircles(edges) {
  const next = new Map();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e]);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const { to } of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    const selfImport = (next.get(node) ?? []).some((e) => e.to === node);
    if (group.length > 1 || selfImport) groups.push(new Set(group));
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  // Within a group every file reaches every other: walk from its first file back to it, staying inside the group.
  return groups.map((group) => {
    const start = [...group].sort()[0];
    const cameBy = new Map();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift();
      for (const e of next.get(node) ?? []) {
        if (!group.has(e.to) || cameBy.has(e.to)) continue;
        cameBy.set(e.to, e);
        queue.push(e.to);
      }
      if (cameBy.has(start)) break;
    }
    const circle = [];
    for (let e = cameBy.get(start); ; e = cameBy.get(e.from)) {
      circle.unshift(e);
      if (e.from === start) break;
    }
    return { circle, files: [...group].sort() };
  });
}

/** Every import in server/src (`srcDir`) that breaks the server's rule, as { file, line, specifier, reason }. */
export function checkServerLayers(srcDir) {
  const src = path.resolve(srcDir);
  const at = (file) => path.relative(process.cwd(), file);
  const edges = relativeImports(src);
  const violations = [];
  for (const e of edges) {
    const fromFloor = serverFloorOf(path.relative(src, e.from));
    const toRelative = path.relative(src, e.to);
    const toFloor = serverFloorOf(toRelative);
    let reason;
    if (fromFloor === "infrastructure" && toFloor !== "infrastructure")
      reason = `infrastructure may not import ${toFloor === "entry" ? "an entry point" : "an API area"} (${toRelative})`;
    else if (fromFloor === "area" && toFloor === "entry")
      reason = `an API area may not import an entry point (${toRelative}); app.ts hands areas what they need (deps.ts)`;
    if (reason) violations.push({ file: at(e.from), line: e.line, specifier: e.specifier, reason });
  }
  for (const { circle, files } of importCircles(edges)) {
    const names = [...circle.map((e) => path.relative(src, e.from)), path.relative(src, circle[0].from)];
    const others = files.filter((f) => !circle.some((e) => e.from === f)).map((f) => path.relative(src, f));
    const [first] = circle;
    violations.push({
      file: at(first.from),
      line: first.line,
      specifier: first.specifier,
      reason: `import circle: ${names.join(" > ")}${others.length > 0 ? ` (also in circles with it: ${others.join(", ")})` : ""}`,
    });
  }
  return violations;
}

// ---- main ----------------------------------------------------------------------------------------------------------

/** Prints each violation; true when there were none. */
function report(violations, rule) {
  for (const v of violations) console.error(`${v.file}:${v.line}: "${v.specifier}": ${v.reason}`);
  if (violations.length > 0) console.error(`\n${violations.length} import(s) break ${rule}`);
  return violations.length === 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const webSrc = process.argv[2] ?? path.resolve(import.meta.dirname, "../web/src");
  const serverSrc = path.resolve(import.meta.dirname, "../server/src");
  const webOk = report(checkLayers(webSrc), 'the layer rule (docs/architecture.md, "Where code goes")');
  if (webOk) console.log(`layers: ${path.relative(process.cwd(), webSrc) || "."} imports only downward`);
  const serverOk = report(
    checkServerLayers(serverSrc),
    'the server\'s layer rule (docs/architecture.md, "Server layers")',
  );
  if (serverOk)
    console.log(`layers: ${path.relative(process.cwd(), serverSrc)}: no area imported from below, no import circle`);
  if (!webOk || !serverOk) process.exit(1);
}
