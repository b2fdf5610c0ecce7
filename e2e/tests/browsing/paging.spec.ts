import { expect, type Locator, setSettings, test } from "../../fixtures.js";
import { createManyFiles } from "./seed.js";

/** Page numbers of `GET /api/files` list requests made by the page. */
function recordPages(page: import("@playwright/test").Page): number[] {
  const pages: number[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/files") pages.push(Number(url.searchParams.get("page")));
  });
  return pages;
}

interface ScrollRun {
  /** Per animation frame while scrolling: when, and the indexes of real rows and of placeholders in view. */
  frames: Array<{ t: number; real: number[]; placeholders: number[] }>;
  /** `/api/files` requests that completed, with their start time (same clock as the frames). */
  requests: Array<{ page: number; t: number }>;
}

/**
 * Scrolls the list from where it is to its end by `step` of a screen every animation frame (a steady scroll that
 * never pauses), noting after each step which rows are in view; then waits for the last row's name.
 */
async function scrollSteadilyToEnd(list: Locator, step: number): Promise<ScrollRun> {
  const frames = await list.evaluate(async (grid, step) => {
    const header = grid.querySelector("[role=row]:not([data-index])");
    const seen: ScrollRun["frames"] = [];
    await new Promise<void>((resolve) => {
      const frame = () => {
        grid.scrollTop += step * grid.clientHeight;
        const box = grid.getBoundingClientRect();
        const top = box.top + (header?.getBoundingClientRect().height ?? 0);
        const real: number[] = [];
        const placeholders: number[] = [];
        for (const row of grid.querySelectorAll<HTMLElement>("[role=row][data-index]")) {
          const r = row.getBoundingClientRect();
          if (r.bottom <= top || r.top >= box.bottom) continue;
          (row.dataset.placeholder === undefined ? real : placeholders).push(Number(row.dataset.index));
        }
        seen.push({ t: performance.now(), real, placeholders });
        if (grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    return seen;
  }, step);
  await expect(list.locator("[role=row][data-index]:not([data-placeholder])").last()).toBeVisible();
  const requests = await list.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => ({ url: new URL(e.name), t: e.startTime }))
      .filter(({ url }) => url.pathname === "/api/files")
      .map(({ url, t }) => ({ page: Number(url.searchParams.get("page")), t })),
  );
  return { frames, requests };
}

test.describe("paging", () => {
  test("the first page sizes the list; End loads only the last page; pages use the page size as limit", async ({
    authedPage: page,
    api,
  }) => {
    await setSettings(page, { pageSize: "5" });
    await api.mkdir("/many");
    await createManyFiles(api.request, 100, { path: "/many" });
    const requested = recordPages(page);
    const limits = new Set<string>();
    page.on("request", (r) => {
      const url = new URL(r.url());
      // Only /many's pages: the root list that authedPage opened may still be on its way.
      if (url.pathname === "/api/files" && url.searchParams.get("path") === "/many") {
        limits.add(url.searchParams.get("limit") ?? "");
      }
    });

    await page.goto("/my-drive?path=/many");
    const list = page.getByRole("grid", { name: "My Drive /many" });
    // 100 rows plus the header row: the scrollbar is true to the folder from the first page.
    await expect(list).toHaveAttribute("aria-rowcount", "101");
    await expect(list.getByRole("row", { name: /^file-001\.txt/ })).toBeVisible();
    await expect(list.getByRole("row", { name: /^file-010\.txt/ })).toBeVisible();
    expect([...limits]).toEqual(["5"]);

    await list.getByRole("row", { name: /^file-001\.txt/ }).click();
    await page.keyboard.press("End");
    const last = list.getByRole("row", { name: /^file-100\.txt/ });
    await expect(last).toBeVisible();
    await expect(last).toBeFocused();
    await expect(last).toHaveAttribute("aria-rowindex", "101");
    expect(requested).toContain(20);
    // Random access: the pages between the top and the end were never fetched.
    expect(requested).not.toContain(10);
    // Only rows in view are in the DOM.
    expect(await list.locator("[data-index]").count()).toBeLessThan(40);

    await page.keyboard.press("Home");
    await expect(list.getByRole("row", { name: /^file-001\.txt/ })).toBeFocused();
  });

  test("scrolling through the folder loads page after page", async ({ authedPage: page, api }) => {
    await setSettings(page, { pageSize: "5" });
    await api.mkdir("/scroll");
    await createManyFiles(api.request, 40, { path: "/scroll" });
    const requested = recordPages(page);
    await page.goto("/my-drive?path=/scroll");
    const list = page.getByRole("grid", { name: "My Drive /scroll" });
    await expect(list.getByRole("row", { name: /^file-001\.txt/ })).toBeVisible();
    for (const name of ["file-020.txt", "file-030.txt", "file-040.txt"]) {
      await list.hover();
      await page.mouse.wheel(0, 500);
      await expect(list.getByRole("row", { name: new RegExp(`^${name}`) })).toBeAttached();
    }
    await expect(list.getByRole("row", { name: /^file-040\.txt/ })).toBeVisible();
    expect(new Set(requested).size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...requested)).toBe(8);
  });

  test("scroll position is kept when returning to a folder", async ({ authedPage: page, api }) => {
    await setSettings(page, { pageSize: "10" });
    // Folders come first, so the folder to open is the last of many folders.
    await api.mkdir("/back/inner");
    for (let i = 1; i <= 40; i++) await api.mkdir(`/back/dir-${String(i).padStart(2, "0")}`);
    await page.goto("/my-drive?path=/back");
    const list = page.getByRole("grid", { name: "My Drive /back" });
    await list.getByRole("row", { name: /^dir-01, Folder/ }).click();
    await page.keyboard.press("End");
    const inner = list.getByRole("row", { name: /^inner, Folder/ });
    await expect(inner).toBeFocused();
    const offset = await list.evaluate((el) => el.scrollTop);
    expect(offset).toBeGreaterThan(0);

    await page.keyboard.press("Enter");
    await expect(page.getByRole("grid", { name: "My Drive /back/inner" }).getByText("No items.")).toBeVisible();
    await page.goBack();
    await expect(inner).toBeVisible();
    await expect(inner).toBeInViewport();
    await expect(list.getByRole("row", { name: /^dir-01, Folder/ })).not.toBeInViewport();
    expect(await list.evaluate((el) => el.scrollTop)).toBe(offset);
  });

  test("scrolling steadily, names show before scrolling stops: each page is asked for before its rows scroll in; End then fetches only the last page", async ({
    authedPage: page,
    api,
  }) => {
    await setSettings(page, { pageSize: "40" });
    await api.mkdir("/long");
    await createManyFiles(api.request, 240, { path: "/long" });
    await page.goto("/my-drive?path=/long");
    const list = page.getByRole("grid", { name: "My Drive /long" });
    await expect(list.getByRole("row", { name: /^file-001\.txt/ })).toBeVisible();

    // About two screens a second at 60 frames a second: a reading pace.
    const run = await scrollSteadilyToEnd(list, 1 / 30);
    const pageOf = (index: number) => Math.floor(index / 40) + 1;
    for (let p = 2; p <= 6; p++) {
      const entered = run.frames.find((f) => [...f.real, ...f.placeholders].some((i) => pageOf(i) === p));
      const request = run.requests.find((r) => r.page === p);
      expect(entered, `rows of page ${p} scrolled into view`).toBeDefined();
      expect(request, `page ${p} was asked for`).toBeDefined();
      // Asked for while the view was still above it, as the scroll went: not after its rows came into view.
      expect(request?.t, `page ${p} asked for before its rows scrolled in`).toBeLessThan(entered?.t ?? 0);
      // And its names were on screen while the list was still moving.
      expect(
        run.frames.some((f) => f.real.some((i) => pageOf(i) === p)),
        `names of page ${p} in view while scrolling`,
      ).toBe(true);
    }

    // In a new tab (an empty cache, and no scroll position to restore): End jumps to the last row and fetches only
    // the last page.
    const fresh = await page.context().newPage();
    await fresh.goto("/my-drive?path=/long");
    const freshList = fresh.getByRole("grid", { name: "My Drive /long" });
    await freshList.getByRole("row", { name: /^file-001\.txt/ }).click();
    const requested = recordPages(fresh);
    await fresh.keyboard.press("End");
    const last = freshList.getByRole("row", { name: /^file-240\.txt/ });
    await expect(last).toBeFocused();
    expect(requested).toEqual([6]);
  });
});
