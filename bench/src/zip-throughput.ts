// "Download as zip" of a 1 GiB folder in Chromium against a real server: bytes per second into the saved file, the
// page's JS heap while it runs (it must stay flat: the archive streams through), and the same browser's plain
// download of one file as the yardstick. `npx tsx src/zip-throughput.ts` (from bench/) runs only this.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { type CDPSession, chromium, type Page } from "playwright-core";
import { signInRequest, uniquePhone } from "../../e2e/lib/auth.js";
import { DriveApi } from "../../e2e/lib/drive-api.js";
import { startDriveServer } from "../../e2e/lib/server.js";
import { readZip } from "../../e2e/lib/unzip.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./lib/environment.js";

const MiB = 1024 * 1024;
/** BENCH_ZIP_MB shrinks the folder for a quick run; the videos and photos keep their proportions. */
const TOTAL = Number(process.env.BENCH_ZIP_MB ?? 1024) * MiB;
const VIDEOS = [0.25, 0.25, 0.1953125].map((share) => Math.round(TOTAL * share));
const PHOTO_SIZE = MiB;
const PHOTOS = Math.round((TOTAL - VIDEOS.reduce((a, b) => a + b, 0)) / PHOTO_SIZE);
const PART_SIZE = 128 * MiB;

const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");
const mibps = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

/**
 * The folder, written through the API and then used for a while: some photos renamed, some moved into a sub-folder,
 * a batch uploaded and deleted again. Returns the sha256 of every file by its path inside the archive.
 */
async function seed(api: DriveApi): Promise<{ expected: Record<string, string>; totalBytes: number }> {
  const expected: Record<string, string> = {};
  let totalBytes = 0;
  await api.mkdir("/Holiday/videos");
  await api.mkdir("/Holiday/photos/best");
  for (const [i, size] of VIDEOS.entries()) {
    const bytes = crypto.randomBytes(size);
    totalBytes += size;
    const name = `clip-${i + 1}.mp4`;
    await api.uploadFile("/Holiday/videos", name, bytes, { partSize: PART_SIZE, mimeType: "video/mp4" });
    expected[`Holiday/videos/${name}`] = sha256(bytes);
  }
  const photos: { id: string; name: string; hash: string }[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const bytes = crypto.randomBytes(PHOTO_SIZE - (i % 7) * 4096);
    totalBytes += bytes.length;
    const name = `IMG_${String(1000 + i)}.jpg`;
    const file = await api.uploadFile("/Holiday/photos", name, bytes, { mimeType: "image/jpeg" });
    photos.push({ id: file.id ?? "", name, hash: sha256(bytes) });
  }
  const doomed = [];
  for (let i = 0; i < 20; i++)
    doomed.push(await api.uploadFile("/Holiday/photos", `dup-${i}.jpg`, crypto.randomBytes(4096)));
  await api.request.post("/api/files/delete", { data: { ids: doomed.map((f) => f.id) } });
  const best = (await api.list("/Holiday/photos/best")).items;
  const bestId = (await api.list("/Holiday/photos")).items.find((f) => f.name === "best")?.id;
  if (!bestId || best.length !== 0) throw new Error("seed: no empty best folder");
  for (const [i, photo] of photos.entries()) {
    if (i % 5 === 0) {
      photo.name = `renamed ${photo.name}`;
      await api.request.patch(`/api/files/${photo.id}`, { data: { name: photo.name } });
    }
    const moved = i % 9 === 0;
    if (moved) await api.request.post("/api/files/move", { data: { ids: [photo.id], destinationParent: bestId } });
    expected[`Holiday/photos/${moved ? "best/" : ""}${photo.name}`] = photo.hash;
  }
  return { expected, totalBytes };
}

/** Samples the page's used JS heap (precise, through the DevTools protocol) until stopped. */
function heapSampler(cdp: CDPSession) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      samples.push((await cdp.send("Runtime.getHeapUsage")).usedSize);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
    },
  };
}

async function usedHeapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  return (await cdp.send("Runtime.getHeapUsage")).usedSize;
}

/** Time for the browser to save one file through a plain link: the yardstick for the zip's speed. */
async function plainDownload(page: Page, api: DriveApi): Promise<{ bytes: number; ms: number }> {
  const clip = (await api.list("/Holiday/videos")).items.find((f) => f.name === "clip-1.mp4");
  if (!clip?.id) throw new Error("no clip-1.mp4");
  const started = performance.now();
  const downloading = page.waitForEvent("download", { timeout: 600_000 });
  await page.evaluate((href) => {
    const a = document.createElement("a");
    a.href = href;
    a.download = "";
    a.click();
  }, `/api/files/${clip.id}/clip-1.mp4?download=1`);
  const file = await (await downloading).path();
  const ms = performance.now() - started;
  return { bytes: fs.statSync(file).size, ms };
}

export async function runZipThroughputBench(): Promise<Record<string, string | number>> {
  const loadBefore = load();
  const server = await startDriveServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
    await signInRequest(server, context.request, uniquePhone());
    const api = new DriveApi(context.request);
    console.error(`zip: seeding ${(TOTAL / MiB).toFixed(0)} MiB (${VIDEOS.length} videos, ${PHOTOS} photos) ...`);
    const { expected, totalBytes } = await seed(api);
    await api.mkdir("/Warm-up");
    await api.uploadFile("/Warm-up", "a.txt", "warm");

    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto("/my-drive?path=/");
    const folderRow = page.getByRole("row", { name: /^Holiday,/ });
    await folderRow.waitFor();
    const cdp = await context.newCDPSession(page);

    // A first small zip loads the code and registers the service worker, so the timed run measures the streaming.
    await page.getByRole("row", { name: /^Warm-up,/ }).click();
    const warm = page.waitForEvent("download");
    await page.getByRole("toolbar", { name: "Selection" }).getByRole("button", { name: "Download as zip" }).click();
    await (await warm).path();

    const heapBefore = await usedHeapAfterGc(cdp);
    const sampler = heapSampler(cdp);
    await folderRow.click();
    const started = performance.now();
    const downloading = page.waitForEvent("download");
    await page.getByRole("toolbar", { name: "Selection" }).getByRole("button", { name: "Download as zip" }).click();
    const download = await downloading;
    const zipFile = await download.path();
    const zipMs = performance.now() - started;
    await sampler.stop();
    const heapAfter = await usedHeapAfterGc(cdp);
    const zipBytes = fs.statSync(zipFile).size;

    console.error("zip: checking every entry ...");
    const zip = await readZip(zipFile);
    const mismatched = Object.keys(expected).filter((p) => zip.files[p] !== expected[p]).length;
    const extra = Object.keys(zip.files).length - Object.keys(expected).length;
    if (mismatched > 0 || extra !== 0) throw new Error(`zip: ${mismatched} files differ, ${extra} unexpected`);

    const plain = await plainDownload(page, api);
    const zipSpeed = mibps(zipBytes, zipMs);
    const plainSpeed = mibps(plain.bytes, plain.ms);
    const peak = Math.max(...sampler.samples);
    return {
      folder: `${(totalBytes / MiB).toFixed(0)} MiB: ${VIDEOS.length} videos (${VIDEOS.map((v) => (v / MiB).toFixed(0)).join(", ")} MiB) and ${PHOTOS} photos of ~1 MiB, renamed/moved/deleted a while`,
      "zip file (MiB), entries checked": `${(zipBytes / MiB).toFixed(1)}, ${Object.keys(zip.files).length} files byte-identical`,
      "zip: click to saved (s)": (zipMs / 1000).toFixed(1),
      "zip (MiB/s into the saved file)": zipSpeed,
      [`plain download of one ${(plain.bytes / MiB).toFixed(0)} MiB file (MiB/s)`]: plainSpeed,
      "zip / plain download": zipSpeed / plainSpeed,
      "page JS heap before / peak during / after (MB)": `${(heapBefore / 1e6).toFixed(1)} / ${(peak / 1e6).toFixed(1)} / ${(heapAfter / 1e6).toFixed(1)} (${sampler.samples.length} samples)`,
      "load average before / after (1 / 5 / 15 min)": `${loadBefore} · ${load()}`,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

// `npx tsx src/zip-throughput.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of Object.entries(await runZipThroughputBench())) console.log(`${name}: ${value}`);
}
