// The 100,000-file folder: seeds it, opens it in Chromium and measures what users of big drives feel.
//
// Seeding: one empty file is created through the real API (POST /api/files with `parts: []`, size 0), the server is
// stopped, and its PGlite data dir is opened with the server's own `openDb` to copy that row 99,999 times with
// INSERT ... SELECT generate_series (seconds instead of minutes of HTTP). A 1,000-file folder is seeded the same way
// for the per-page server timing; the folders' child_count (the server's stored total) is recomputed. Then the
// server is started again on the same data dir.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, chromium, type Page } from "playwright-core";
import { signInRequest, uniquePhone } from "../../e2e/lib/auth.js";
import { DriveApi } from "../../e2e/lib/drive-api.js";
import { startDriveServer } from "../../e2e/lib/server.js";
import { openDb } from "../../server/src/db/index.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./lib/environment.js";

const BIG = 100_000;
const SMALL = 1_000;
const PAGE_SIZE = 500;

async function createEmptyFile(request: APIRequestContext, name: string, folder: string): Promise<string> {
  const res = await request.post("/api/files", {
    data: { name, type: "file", path: folder, mimeType: "text/plain", size: 0, parts: [] },
  });
  if (!res.ok()) throw new Error(`create ${name}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Copies the template row `count - 1` times into its folder, names file-000001... in name order. */
async function cloneRows(dataDir: string, templateId: string, count: number, prefix: string): Promise<void> {
  const db = await openDb({ dataDir });
  try {
    await db.query(
      `INSERT INTO files (id, name, type, mime_type, size, category, encrypted, user_id, status, parent_id, parts,
                          channel_id, hash, created_at, updated_at)
       SELECT gen_random_uuid(), $2 || lpad(g::text, 6, '0') || '.txt', type, mime_type, size, category, encrypted,
              user_id, status, parent_id, parts, channel_id, hash,
              now() - g * interval '1 second', now() - g * interval '1 second'
       FROM files t, generate_series(2, $3::int) g WHERE t.id = $1`,
      [templateId, prefix, count],
    );
    // The server keeps each folder's number of children in files.child_count; keep it true.
    await db.query(
      `UPDATE files SET child_count = (SELECT count(*) FROM files c WHERE c.parent_id = files.id AND c.status = 'active')
       WHERE id = (SELECT parent_id FROM files WHERE id = $1)`,
      [templateId],
    );
  } finally {
    await db.close();
  }
}

/** Median wall time of `GET /api/files` for one page. */
async function timeListPage(request: APIRequestContext, folder: string, page: number, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await request.get("/api/files", {
      params: { path: folder, page, limit: PAGE_SIZE, sort: "name", order: "asc" },
    });
    if (!res.ok()) throw new Error(`list ${folder} page ${page}: ${res.status()}`);
    await res.body();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/**
 * Scrolls the list to its end in 600 steps, one per animation frame, recording frame times. A string, because tsx
 * would wrap named functions in a helper that does not exist in the page.
 */
const SCROLL_TO_END = `new Promise((resolve) => {
  const grid = document.querySelector("[role=grid]");
  const deltas = [];
  const step = grid.scrollHeight / 600;
  let last = 0;
  const frame = (now) => {
    deltas.push(now - last);
    last = now;
    if (grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1) {
      deltas.sort((a, b) => a - b);
      resolve({ worst: deltas[deltas.length - 1], p95: deltas[Math.floor(deltas.length * 0.95)], frames: deltas.length });
      return;
    }
    grid.scrollTop += step;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(frame); });
})`;

function scrollToEndInPage(page: Page): Promise<{ worst: number; p95: number; frames: number }> {
  return page.evaluate(SCROLL_TO_END) as Promise<{ worst: number; p95: number; frames: number }>;
}

function recordPages(page: Page): Set<number> {
  const pages = new Set<number>();
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/files") pages.add(Number(url.searchParams.get("page")));
  });
  return pages;
}

const realRow = "[role=row][data-index]:not([data-placeholder])";

export async function runLargeFolderBench(): Promise<Record<string, number | string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-bench-100k-"));
  const phone = uniquePhone();
  const result: Record<string, number | string> = {};
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    // 1. Folders and one template row each, through the API.
    const first = await startDriveServer({ dataDir });
    let bigTemplate: string;
    let smallTemplate: string;
    try {
      const ctx = await browser.newContext({ baseURL: first.baseURL });
      await signInRequest(first, ctx.request, phone);
      const api = new DriveApi(ctx.request);
      await api.mkdir("/big");
      await api.mkdir("/small");
      bigTemplate = await createEmptyFile(ctx.request, "file-000001.txt", "/big");
      smallTemplate = await createEmptyFile(ctx.request, "file-000001.txt", "/small");
      await ctx.close();
    } finally {
      await first.stop();
    }

    // 2. The rows, straight into the stopped server's database.
    const seedStart = performance.now();
    await cloneRows(dataDir, bigTemplate, BIG, "file-");
    await cloneRows(dataDir, smallTemplate, SMALL, "file-");
    result["seed 101,000 rows (SQL into PGlite)"] = `${Math.round(performance.now() - seedStart)} ms`;

    // 3. The folder in Chromium.
    const server = await startDriveServer({ dataDir });
    try {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
      await signInRequest(server, context.request, phone);
      result["files in folder"] = (await new DriveApi(context.request).list("/big", { limit: 1 })).meta.count;

      const pageTime = async (folder: string, n: number) =>
        `${(await timeListPage(context.request, folder, n)).toFixed(1)} ms`;
      result[`server: list page 1 of ${SMALL} files (PGlite)`] = await pageTime("/small", 1);
      result[`server: list page 1 of ${BIG} files (PGlite)`] = await pageTime("/big", 1);
      result[`server: list last page of ${BIG} files (PGlite)`] = await pageTime("/big", BIG / PAGE_SIZE);

      const page = await context.newPage();
      // Load the app once so the timing below is the list, not the first download of the bundle.
      await page.goto("/my-drive?path=/");
      await page.locator("[role=grid]").first().waitFor();
      const scrollPages = recordPages(page);

      const t0 = performance.now();
      await page.goto("/my-drive?path=/big");
      await page.locator(realRow).first().waitFor();
      result["navigation to first rows"] = `${Math.round(performance.now() - t0)} ms`;

      result["DOM nodes"] = (await page.evaluate("document.getElementsByTagName('*').length")) as number;
      const cdp = await context.newCDPSession(page);
      await cdp.send("Performance.enable");
      await cdp.send("HeapProfiler.collectGarbage");
      const heap = (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "JSHeapUsedSize");
      result["JS heap used"] = `${((heap?.value ?? 0) / 1024 / 1024).toFixed(1)} MB`;

      const scroll = await scrollToEndInPage(page);
      result["scroll to end: worst frame"] = `${scroll.worst.toFixed(1)} ms`;
      result["scroll to end: p95 frame"] = `${scroll.p95.toFixed(1)} ms (${scroll.frames} frames)`;
      await page.locator(`${realRow}[aria-rowindex="${BIG + 1}"]`).waitFor();
      result["DOM nodes at the end"] = (await page.evaluate("document.getElementsByTagName('*').length")) as number;
      result["pages fetched by scroll to end"] = `${scrollPages.size} of ${BIG / PAGE_SIZE}`;
      await page.close();

      // End from the top, in a fresh page (no remembered scroll position).
      const fresh = await context.newPage();
      await fresh.goto("/my-drive?path=/big");
      await fresh.locator('[role=row][data-index="0"]:not([data-placeholder])').click();
      const endPages = recordPages(fresh);
      const t1 = performance.now();
      await fresh.keyboard.press("End");
      await fresh.locator(`${realRow}[aria-rowindex="${BIG + 1}"]`).waitFor();
      result["End to last row shown"] = `${Math.round(performance.now() - t1)} ms`;
      result["pages fetched for End"] = [...endPages].sort((a, b) => a - b).join(", ") || "none";
      await context.close();
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

// `npx tsx src/large-folder.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLargeFolderBench();
  for (const [key, value] of Object.entries(result)) console.log(`${key}: ${value}`);
}
