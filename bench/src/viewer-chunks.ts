// Gzip size of each preview viewer's chunk in the built client, found by name.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { WEB_DIST } from "../../e2e/lib/server.js";

export interface Chunk {
  name: string;
  /** The viewer's own chunk. */
  gzip: number;
  /** Plus the chunks it imports that the entry does not already load (its libraries). */
  withDeps: number;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const VIEWER = /viewer/i;
const gzipSize = (dist: string, file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

function closure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const k of keys) visit(k);
  return seen;
}

/** Prefers Vite's manifest (chunks whose source module is named `*viewer*`); else asset files named so. */
export function viewerChunks(dist = WEB_DIST): Chunk[] {
  const manifestPath = path.join(dist, ".vite", "manifest.json");
  const chunks: Chunk[] = [];
  if (fs.existsSync(manifestPath)) {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
    const entry = closure(
      manifest,
      Object.keys(manifest).filter((k) => manifest[k]?.isEntry),
    );
    for (const [key, chunk] of Object.entries(manifest)) {
      const base = path.basename((chunk.src ?? key).replace(/\?.*$/, ""));
      if (!VIEWER.test(base) || !chunk.file.endsWith(".js")) continue;
      const own = [...closure(manifest, [key])].filter((k) => !entry.has(k));
      chunks.push({
        name: base.replace(/\.[jt]sx?$/, ""),
        gzip: gzipSize(dist, chunk.file),
        withDeps: own.reduce((sum, k) => sum + gzipSize(dist, manifest[k]?.file ?? ""), 0),
      });
    }
  } else if (fs.existsSync(path.join(dist, "assets"))) {
    for (const f of fs.readdirSync(path.join(dist, "assets"))) {
      if (!VIEWER.test(f) || !f.endsWith(".js")) continue;
      const size = gzipSize(dist, `assets/${f}`);
      chunks.push({ name: f.replace(/-[\w-]{8}\.js$/, ""), gzip: size, withDeps: size });
    }
  }
  return chunks.sort((a, b) => a.name.localeCompare(b.name));
}
