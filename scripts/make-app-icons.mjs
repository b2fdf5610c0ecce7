// Renders the installable app's PNG icons (web/public/icons) from our SVGs: `node scripts/make-app-icons.mjs`.
// Run it after changing an SVG; the PNGs are committed (browsers need PNGs in the manifest).
import path from "node:path";
import sharp from "sharp";

const dir = path.resolve(import.meta.dirname, "../web/public/icons");
for (const [svg, name, size] of [
  ["app-icon.svg", "app-icon-192.png", 192],
  ["app-icon.svg", "app-icon-512.png", 512],
  ["app-icon.svg", "apple-touch-icon.png", 180],
  ["app-icon-maskable.svg", "app-icon-maskable-512.png", 512],
]) {
  await sharp(path.join(dir, svg), { density: 300 }).resize(size, size).png().toFile(path.join(dir, name));
}
