// The 100,000-file folder again, every file a picture: the steady scrolls of large-folder.ts with the server's
// thumbnails on, and the same folder with them off (the client told /capabilities is Teldrive 1.8's 404) in the same
// run, so the two differ only in the thumbnails. Also counts the thumbnail requests and how they were answered.
//
// Seeding: one real 1600x1200 JPEG is uploaded through the API, the server is stopped, and its row is copied
// 99,999 times in SQL (the copies share its parts). Every copy is its own file id, so each thumbnail the list asks
// for is rendered once by the server, as in a drive of 100,000 distinct photos.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import sharp from "sharp";
import { signInRequest, uniquePhone } from "../../e2e/lib/auth.js";
import { DriveApi } from "../../e2e/lib/drive-api.js";
import { startDriveServer } from "../../e2e/lib/server.js";
import { steadyScrolls } from "./large-folder.js";
import { cloneRows } from "./large-folder-seed.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./lib/environment.js";

const BIG = 100_000;
const PAGE_SIZE = 500;

/** A photo-like JPEG: smooth colour with noise, so it costs what a real photo costs to decode. */
async function photo(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const raw = Buffer.alloc(width * height * 3);
  let x = 12345;
  for (let i = 0; i < raw.length; i += 3) {
    x = (x * 1103515245 + 12345) >>> 0;
    const p = i / 3;
    const noise = (x >>> 24) % 32;
    raw[i] = ((p % width) * 200) / width + noise;
    raw[i + 1] = (Math.floor(p / width) * 200) / height + noise;
    raw[i + 2] = 120 + noise;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Counts `/api/thumbnails` requests of a context by how they were answered. */
function countThumbnails(context: BrowserContext) {
  const counts = { requested: 0, ok: 0, notModified: 0, busy: 0, other: 0, failed: 0 };
  context.on("request", (r) => {
    if (r.url().includes("/api/thumbnails/")) counts.requested++;
  });
  context.on("response", (r) => {
    if (!r.url().includes("/api/thumbnails/")) return;
    const status = r.status();
    if (status === 200) counts.ok++;
    else if (status === 304) counts.notModified++;
    else if (status === 503) counts.busy++;
    else counts.other++;
  });
  context.on("requestfailed", (r) => {
    if (r.url().includes("/api/thumbnails/")) counts.failed++;
  });
  return counts;
}

export async function runLargeFolderThumbnailsBench(): Promise<Record<string, string | number>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-bench-thumbs-"));
  const phone = uniquePhone();
  const result: Record<string, string | number> = {};
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const first = await startDriveServer({ dataDir });
    let template: string;
    try {
      const ctx = await browser.newContext({ baseURL: first.baseURL });
      await signInRequest(first, ctx.request, phone);
      const api = new DriveApi(ctx.request);
      await api.mkdir("/big");
      const bytes = await photo();
      result["source picture"] = `1600x1200 JPEG, ${(bytes.length / 1024).toFixed(0)} KB`;
      const uploaded = await api.uploadFile("/big", "file-0000001.jpg", bytes, { mimeType: "image/jpeg" });
      if (!uploaded.id) throw new Error("the template picture has no id");
      template = uploaded.id;
      await ctx.close();
    } finally {
      await first.stop();
    }
    await cloneRows({ dataDir }, template, BIG, ".jpg");

    const server = await startDriveServer({ dataDir });
    try {
      for (const thumbnails of [true, false]) {
        const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
        await signInRequest(server, context.request, phone);
        if (!thumbnails)
          await context.route("**/api/capabilities", (route) =>
            route.fulfill({ status: 404, contentType: "text/plain", body: "404 page not found\n" }),
          );
        const counts = countThumbnails(context);
        const label = thumbnails ? "thumbnails on" : "thumbnails off";
        for (const [key, value] of Object.entries(await steadyScrolls(context, PAGE_SIZE)))
          result[`${label}: ${key}`] = value;
        result[`${label}: /api/thumbnails requests (200 / 304 / 503 / other / cancelled)`] =
          `${counts.requested} (${counts.ok} / ${counts.notModified} / ${counts.busy} / ${counts.other} / ${counts.failed})`;
        await context.close();
      }
      const cache = path.join(dataDir, "thumbnails");
      let rendered = 0;
      if (fs.existsSync(cache))
        for (const dir of fs.readdirSync(cache)) rendered += fs.readdirSync(path.join(cache, dir)).length;
      result["thumbnails rendered and cached by the server"] = rendered;
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

// `npx tsx src/large-folder-thumbnails.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLargeFolderThumbnailsBench();
  for (const [key, value] of Object.entries(result)) console.log(`${key}: ${value}`);
}
