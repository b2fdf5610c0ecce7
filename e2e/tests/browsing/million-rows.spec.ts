// A folder taller than the browser lets an element be: every row reachable by End, Home, PageDown, arrows, the
// scrollbar's thumb and the wheel, in the list and in the grid.
//
// A million rows take about two minutes to seed into PGlite, too long for the suite, so by default the folder has
// BIG_FOLDER_ROWS = 20,000 rows and the client's largest scroll height is lowered in proportion (localStorage
// `max-scroll-height`, read by web/src/lib/hooks/use-virtual-rows.ts): 300,000 px instead of 15,000,000, the same
// ratio of content to scroll height as a million rows (48,000,044 px of list), so the same scaled path runs.
// `BIG_FOLDER_ROWS=1000000 npx playwright test tests/browsing/million-rows.spec.ts` runs it on a million with the
// real limit.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { cloneRows, createEmptyFile } from "../../../bench/src/large-folder-seed.js";
import { expect, test, uniquePhone } from "../../fixtures.js";
import { signInRequest } from "../../lib/auth.js";
import { type DriveServer, startDriveServer } from "../../lib/server.js";

const ROWS = Number(process.env.BIG_FOLDER_ROWS ?? 20_000);
/** The client's own limit (MAX_SCROLL_SIZE), and the one giving ROWS rows its ratio of content to scroll height. */
const MAX_SCROLL_SIZE = 15_000_000;
const CAP = Math.round((MAX_SCROLL_SIZE * ROWS) / 1_000_000);
const ROW_HEIGHT = 48;
const nameOf = (n: number) => `file-${String(n).padStart(7, "0")}.txt`;

let server: DriveServer;
let dataDir: string;
/** A Chromium that draws scrollbars (Playwright hides them when headless), so the thumb can be dragged. */
let withScrollbars: Browser;
const phone = uniquePhone();

test.describe("a folder taller than the browser's largest element", () => {
  test.beforeAll(async ({ browser, playwright, launchOptions }) => {
    test.setTimeout(ROWS >= 1_000_000 ? 30 * 60_000 : 3 * 60_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-e2e-big-"));
    // The folder and one file through the API; the other rows copied from it in SQL while the server is stopped,
    // through the same triggers (bench/src/large-folder-seed.ts).
    const first = await startDriveServer({ dataDir });
    let template: string;
    try {
      const context = await browser.newContext({ baseURL: first.baseURL });
      await signInRequest(first, context.request, phone);
      const res = await context.request.post("/api/files/mkdir", { data: { path: "/big" } });
      expect(res.ok()).toBe(true);
      template = await createEmptyFile(context.request, nameOf(1), "/big");
      await context.close();
    } finally {
      await first.stop();
    }
    await cloneRows({ dataDir }, template, ROWS);
    server = await startDriveServer({ dataDir });
    withScrollbars = await playwright.chromium.launch({ ...launchOptions, ignoreDefaultArgs: ["--hide-scrollbars"] });
  });

  test.afterAll(async () => {
    await withScrollbars?.close();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function open(view: "list" | "grid"): Promise<{ context: BrowserContext; page: Page }> {
    const context = await withScrollbars.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    await signInRequest(server, context.request, phone);
    const page = await context.newPage();
    await page.addInitScript(
      ({ cap, view }) => {
        if (cap < 15_000_000) localStorage.setItem("max-scroll-height", String(cap));
        localStorage.setItem(
          "view-prefs",
          JSON.stringify({ state: { sort: { sortId: "sort_files_by_name", order: "asc" }, viewId: view }, version: 0 }),
        );
      },
      { cap: CAP, view },
    );
    await page.goto("/my-drive?path=/big");
    return { context, page };
  }

  /** Indexes of the items with names (not placeholders) inside the list's viewport, below its header. */
  const namedInView = (list: Locator) =>
    list.evaluate((grid) => {
      const box = grid.getBoundingClientRect();
      const header = grid.querySelector("[role=columnheader]")?.closest("[role=row]");
      const top = box.top + (header?.getBoundingClientRect().height ?? 0);
      return [...grid.querySelectorAll<HTMLElement>("[data-index]:not([data-placeholder])")]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= top - 1 && r.bottom <= box.bottom + 1;
        })
        .map((el) => Number(el.dataset.index))
        .sort((a, b) => a - b);
    });

  const item = (list: Locator, n: number) => list.locator(`[data-index="${n - 1}"]:not([data-placeholder])`);

  for (const view of ["list", "grid"] as const) {
    test(`${view}: End, arrows, PageUp/PageDown, Home, the thumb and the wheel reach every part`, async () => {
      const { context, page } = await open(view);
      const list = page.getByRole("grid", { name: "My Drive /big" });
      await expect(item(list, 1)).toBeVisible();
      await expect(list).toHaveAttribute("aria-rowcount", view === "list" ? String(ROWS + 1) : /\d+/);
      // The scaled path: the element is no taller than the limit, far shorter than its rows.
      const scrollHeight = await list.evaluate((el) => el.scrollHeight);
      expect(scrollHeight).toBeLessThanOrEqual(CAP);
      expect(scrollHeight).toBeLessThan((ROWS * ROW_HEIGHT) / 3);

      // End: the last item, focused and in view.
      await item(list, 1).click();
      await page.keyboard.press("End");
      const last = item(list, ROWS);
      await expect(last).toBeFocused();
      await expect(last).toHaveAccessibleName(new RegExp(`^${nameOf(ROWS)}`));
      await expect(last).toBeInViewport({ ratio: 1 });
      expect(await list.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1)).toBe(true);

      // ArrowDown at the end stays; up a screen and back down by arrows and PageDown, each focused item in view.
      await page.keyboard.press("ArrowDown");
      await expect(last).toBeFocused();
      await page.keyboard.press("PageUp");
      const focusedIndex = () =>
        page.evaluate(() => Number((document.activeElement as HTMLElement | null)?.dataset.index));
      await expect.poll(focusedIndex).toBeLessThan(ROWS - 1);
      const above = (await focusedIndex()) + 1;
      await expect(item(list, above)).toBeInViewport({ ratio: 1 });
      await page.keyboard.press(view === "list" ? "ArrowDown" : "ArrowRight");
      await expect(item(list, above + 1)).toBeFocused();
      await expect(item(list, above + 1)).toBeInViewport({ ratio: 1 });
      await page.keyboard.press("PageDown");
      await expect(last).toBeFocused();
      await expect(last).toBeInViewport({ ratio: 1 });

      // Home: the first item, and the top of the scroll range.
      await page.keyboard.press("Home");
      await expect(item(list, 1)).toBeFocused();
      await expect(item(list, 1)).toBeInViewport();
      expect(await list.evaluate((el) => el.scrollTop)).toBe(0);

      // The scrollbar's thumb, dragged from the top to below the bottom of the list: the last names.
      const box = await list.boundingBox();
      if (!box) throw new Error("the list has no box");
      const trackX = box.x + box.width - 6;
      await page.mouse.move(trackX, box.y + 26);
      await page.mouse.down();
      // Halfway down the track: the middle of the folder (a jump lands in proportion).
      await page.mouse.move(trackX, box.y + box.height / 2, { steps: 5 });
      await expect.poll(async () => ((await namedInView(list))[0] ?? 0) / ROWS).toBeGreaterThan(0.35);
      expect(((await namedInView(list))[0] ?? 0) / ROWS).toBeLessThan(0.65);
      await page.mouse.move(trackX, box.y + box.height + 100, { steps: 5 });
      await page.mouse.up();
      await expect(item(list, ROWS)).toBeInViewport();
      await expect.poll(() => namedInView(list)).toContain(ROWS - 1);

      // The wheel from the bottom, a notch at a time: each notch moves the items exactly as far as the wheel says
      // (the scaled distance would be several times more), so none is skipped.
      await list.hover();
      for (let notch = 1; notch <= 12; notch++) {
        const anchor = list.locator(`[data-index="${(await namedInView(list))[0]}"]`);
        const topOf = () => anchor.evaluate((el) => el.getBoundingClientRect().top);
        const before = await topOf();
        await page.mouse.wheel(0, -100);
        // Where the anchor rests: two reads a couple of frames apart agree.
        const moved = async () => {
          const a = await topOf();
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          return a === (await topOf()) ? Math.round(a - before) : Number.NaN;
        };
        await expect.poll(moved, { message: `notch ${notch}` }).toBe(100);
      }
      await context.close();
    });
  }
});
