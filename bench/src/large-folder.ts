// The 100,000-file folder: seeds it, opens it in Chromium and measures what users of big drives feel.
//
// Seeding (large-folder-seed.ts): one empty file is created through the real API (POST /api/files with
// `parts: []`, size 0), the server is stopped, and its PGlite data dir is opened with the server's own `openDb` to
// copy that row 99,999 times with INSERT ... SELECT generate_series (seconds instead of minutes of HTTP); the
// folder's stored child_count is recomputed. Then the server is started again on the same data dir, and the folder
// goes through a while of use through the API (renames, moves out and back, deletes, new files: `churn`).
// The server's time per list page at 1k/100k/1M files, PGlite and PostgreSQL, is in large-folder-server.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { signInRequest, uniquePhone } from "../../e2e/lib/auth.js";
import { DriveApi, setSettings } from "../../e2e/lib/drive-api.js";
import { startDriveServer } from "../../e2e/lib/server.js";
import { namesInView, steadyScroll, steadyScrollRows } from "./large-folder-scroll.js";
import { churn, cloneRows, createEmptyFile } from "./large-folder-seed.js";
import { runLargeFolderServerBench } from "./large-folder-server.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./lib/environment.js";

const BIG = 100_000;
// The client's default page size (the settings store's pageSize).
const PAGE_SIZE = 500;
/** The list's row height (file-row.tsx). */
const ROW_HEIGHT = 48;
/** Steady scrolls: a reader's pace (the top of "a few screens a second") and a fling ten times faster. */
const READING = { screensPerSecond: 4, seconds: 10 };
const FLING = { screensPerSecond: 40, seconds: 3 };
/** Where the steady scrolls start: a little before the boundary of pages 100 and 101, mid-folder. */
const STEADY_FROM_ROW = 49_900;
/** Page sizes the steady scrolls run with: the default, and a small one (pages cross the view ten times as often). */
const STEADY_PAGE_SIZES = [PAGE_SIZE, 50];

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

async function jsHeapMb(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  await cdp.send("HeapProfiler.collectGarbage");
  const heap = (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "JSHeapUsedSize");
  await cdp.detach();
  return `${((heap?.value ?? 0) / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Steady scrolls through the folder with `pageSize` rows a page, in a new tab: it jumps to row STEADY_FROM_ROW, waits
 * for the names there, then scrolls down at a reading speed, then flings on from where that ended.
 */
export async function steadyScrolls(context: BrowserContext, pageSize: number): Promise<Record<string, string>> {
  const page = await context.newPage();
  await setSettings(page, { pageSize: String(pageSize) });
  const result: Record<string, string> = {};
  const label = (what: string) => `${what}, pages of ${pageSize}`;
  await page.goto("/my-drive?path=/big");
  await page.locator(realRow).first().waitFor();
  await page.locator("[role=grid]").evaluate((grid, top) => {
    grid.scrollTop = top;
  }, STEADY_FROM_ROW * ROW_HEIGHT);
  await namesInView(page);
  const heapBefore = await jsHeapMb(page);
  const reading = await steadyScroll(page, READING);
  Object.assign(result, steadyScrollRows(label(`steady scroll ${READING.screensPerSecond} screens/s`), reading));
  await namesInView(page);
  const fling = await steadyScroll(page, FLING);
  Object.assign(result, steadyScrollRows(label(`fling ${FLING.screensPerSecond} screens/s`), fling));
  result[label("after both: DOM nodes, JS heap before / after")] =
    `${await domNodes(page)}, ${heapBefore} / ${await jsHeapMb(page)}`;
  await page.close();
  return result;
}

const domNodes = (page: Page) => page.evaluate("document.getElementsByTagName('*').length") as Promise<number>;

/** What users of the big folder feel, in Chromium: first rows, DOM and heap, scrolling, End, steady scrolls. */
export async function measureBigFolder(context: BrowserContext): Promise<Record<string, number | string>> {
  const result: Record<string, number | string> = {};
  const page = await context.newPage();
  // Load the app once so the timing below is the list, not the first download of the bundle.
  await page.goto("/my-drive?path=/");
  await page.locator("[role=grid]").first().waitFor();
  const scrollPages = recordPages(page);

  const t0 = performance.now();
  await page.goto("/my-drive?path=/big");
  await page.locator(realRow).first().waitFor();
  result["navigation to first rows"] = `${Math.round(performance.now() - t0)} ms`;

  result["DOM nodes"] = await domNodes(page);
  result["JS heap used"] = await jsHeapMb(page);

  const scroll = await scrollToEndInPage(page);
  result["scroll to end: worst frame"] = `${scroll.worst.toFixed(1)} ms`;
  result["scroll to end: p95 frame"] = `${scroll.p95.toFixed(1)} ms (${scroll.frames} frames)`;
  await page.locator(`${realRow}[aria-rowindex="${BIG + 1}"]`).waitFor();
  result["DOM nodes at the end"] = await domNodes(page);
  result["pages fetched by scroll to end"] = `${scrollPages.size} of ${BIG / PAGE_SIZE}`;
  await page.close();

  // End from the top, in a new tab (no remembered scroll position).
  const fresh = await context.newPage();
  await fresh.goto("/my-drive?path=/big");
  await fresh.locator('[role=row][data-index="0"]:not([data-placeholder])').click();
  const endPages = recordPages(fresh);
  const t1 = performance.now();
  await fresh.keyboard.press("End");
  await fresh.locator(`${realRow}[aria-rowindex="${BIG + 1}"]`).waitFor();
  result["End to last row shown"] = `${Math.round(performance.now() - t1)} ms`;
  result["pages fetched for End"] = [...endPages].sort((a, b) => a - b).join(", ") || "none";
  await fresh.close();

  for (const size of STEADY_PAGE_SIZES) Object.assign(result, await steadyScrolls(context, size));
  return result;
}

export async function runLargeFolderBench(): Promise<Record<string, number | string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-bench-100k-"));
  const phone = uniquePhone();
  const result: Record<string, number | string> = {};
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    // 1. Folders and one template row each, through the API.
    const first = await startDriveServer({ dataDir });
    let bigTemplate: string;
    try {
      const ctx = await browser.newContext({ baseURL: first.baseURL });
      await signInRequest(first, ctx.request, phone);
      const api = new DriveApi(ctx.request);
      await api.mkdir("/big");
      bigTemplate = await createEmptyFile(ctx.request, "file-0000001.txt", "/big");
      await ctx.close();
    } finally {
      await first.stop();
    }

    // 2. The rows, straight into the stopped server's database.
    const seedStart = performance.now();
    await cloneRows({ dataDir }, bigTemplate, BIG);
    result["seed 100,000 rows (SQL into PGlite)"] = `${Math.round(performance.now() - seedStart)} ms`;

    // 3. A while of use through the API, then the folder in Chromium.
    const server = await startDriveServer({ dataDir });
    try {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
      await signInRequest(server, context.request, phone);
      const churnStart = performance.now();
      await churn(context.request, "/big");
      result["use through the API (renames, moves, deletes, new files)"] =
        `${Math.round(performance.now() - churnStart)} ms`;
      result["files in folder"] = (await new DriveApi(context.request).list("/big", { limit: 1 })).meta.count;
      Object.assign(result, await measureBigFolder(context));
      await context.close();
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { ...result, ...(await runLargeFolderServerBench()) };
}

// `npx tsx src/large-folder.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runLargeFolderBench();
  for (const [key, value] of Object.entries(result)) console.log(`${key}: ${value}`);
}
