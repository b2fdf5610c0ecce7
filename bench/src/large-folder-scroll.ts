// Steady scrolling through the 100,000-file folder: what a user sees while the list moves at one speed.
//
// The list is scrolled by a constant number of screens per second, one step per animation frame (the offset follows
// the clock, so a slow frame is a longer step, as with a wheel or a finger). After each step the rows inside the
// list's viewport are looked at: a frame "shows names" when at least one row in view is a real row, not a
// placeholder. Frame times are the gaps between animation frames; `/api/files` requests are counted while it runs.
import type { Page } from "playwright-core";

export interface SteadyScrollOptions {
  screensPerSecond: number;
  seconds: number;
}

export interface SteadyScrollResult {
  frames: number;
  /** Frames with at least one real row in view. */
  withNames: number;
  /** Frames where every row in view was real. */
  allNames: number;
  worstMs: number;
  p95Ms: number;
  /** Rows scrolled past. */
  rows: number;
  /** Page numbers of the `/api/files` requests made while scrolling (in order), and how many were cancelled. */
  requested: number[];
  cancelled: number;
}

interface InPage {
  frames: number;
  withNames: number;
  allNames: number;
  deltas: number[];
  rows: number;
}

// A string, because tsx would wrap named functions in a helper that does not exist in the page.
const STEADY_SCROLL = `(async ({ screensPerSecond, seconds }) => {
  const grid = document.querySelector("[role=grid]");
  const header = grid.querySelector("[role=row]:not([data-index])");
  const speed = (screensPerSecond * grid.clientHeight) / 1000;
  const from = grid.scrollTop;
  const rowHeight = grid.querySelector("[role=row][data-index]").getBoundingClientRect().height;
  const result = { frames: 0, withNames: 0, allNames: 0, deltas: [], rows: 0 };
  const look = () => {
    const box = grid.getBoundingClientRect();
    const top = box.top + (header ? header.getBoundingClientRect().height : 0);
    let real = 0;
    let placeholders = 0;
    for (const row of grid.querySelectorAll("[role=row][data-index]")) {
      const r = row.getBoundingClientRect();
      if (r.bottom <= top || r.top >= box.bottom) continue;
      if (row.hasAttribute("data-placeholder")) placeholders++;
      else real++;
    }
    result.frames++;
    if (real > 0) result.withNames++;
    if (real > 0 && placeholders === 0) result.allNames++;
  };
  await new Promise((resolve) => {
    let start = 0;
    let last = 0;
    const frame = (now) => {
      if (start === 0) start = now;
      else result.deltas.push(now - last);
      last = now;
      const elapsed = now - start;
      grid.scrollTop = from + speed * elapsed;
      look();
      if (elapsed >= seconds * 1000 || grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1) {
        result.rows = Math.round((grid.scrollTop - from) / rowHeight);
        resolve();
      } else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return result;
})`;

/** Scrolls the page's file list steadily from where it is; the list must show real rows when this is called. */
export async function steadyScroll(page: Page, options: SteadyScrollOptions): Promise<SteadyScrollResult> {
  const requested: number[] = [];
  let cancelled = 0;
  const isList = (url: string) => new URL(url).pathname === "/api/files";
  const onRequest = (r: { url(): string }) => {
    if (isList(r.url())) requested.push(Number(new URL(r.url()).searchParams.get("page")));
  };
  const onFailed = (r: { url(): string; failure(): { errorText: string } | null }) => {
    if (isList(r.url()) && r.failure()?.errorText.includes("ABORTED")) cancelled++;
  };
  page.on("request", onRequest);
  page.on("requestfailed", onFailed);
  try {
    const run = (await page.evaluate(`${STEADY_SCROLL}(${JSON.stringify(options)})`)) as InPage;
    const sorted = [...run.deltas].sort((a, b) => a - b);
    return {
      frames: run.frames,
      withNames: run.withNames,
      allNames: run.allNames,
      worstMs: sorted[sorted.length - 1] ?? 0,
      p95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      rows: run.rows,
      requested,
      cancelled,
    };
  } finally {
    page.off("request", onRequest);
    page.off("requestfailed", onFailed);
  }
}

/** Waits until every row in the list's viewport is a real row (the names there have arrived). */
export async function namesInView(page: Page): Promise<void> {
  // An inline arrow (no named function inside, see STEADY_SCROLL): the page's CSP forbids evaluating strings here.
  await page.waitForFunction(() => {
    const grid = document.querySelector("[role=grid]");
    if (!grid) return false;
    const box = grid.getBoundingClientRect();
    const top = box.top + (grid.querySelector("[role=row]:not([data-index])")?.getBoundingClientRect().height ?? 0);
    const rows = [...grid.querySelectorAll("[role=row][data-index]")].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.bottom > top && r.top < box.bottom;
    });
    return rows.length > 0 && rows.every((row) => !row.hasAttribute("data-placeholder"));
  });
}

const share = (part: number, whole: number) => `${whole ? ((100 * part) / whole).toFixed(1) : "0.0"}%`;

/** Table rows for one run, under `label` (e.g. "reading speed, 4 screens/s"). */
export function steadyScrollRows(label: string, r: SteadyScrollResult): Record<string, string> {
  const pages = [...new Set(r.requested)];
  return {
    [`${label}: frames with a real row in view`]: `${share(r.withNames, r.frames)} (${r.withNames} of ${r.frames}; only real rows: ${share(r.allNames, r.frames)})`,
    [`${label}: worst / p95 frame`]: `${r.worstMs.toFixed(1)} ms / ${r.p95Ms.toFixed(1)} ms`,
    [`${label}: /api/files requests`]: `${r.requested.length} (${r.cancelled} cancelled) for ${r.rows.toLocaleString("en-US")} rows scrolled; pages ${pages.join(", ") || "none"}`,
  };
}
