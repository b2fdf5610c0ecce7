import { pagesForRange } from "./list-query";

/**
 * A page is fetched only if, at the current speed, it would stay in view at least this long. Slower than that the
 * names can be read; faster (a hard fling, a dragged scrollbar thumb, a jump) rows stay placeholders until the list
 * slows down. Bounds the requests a fast scroll makes to a few pages a second (about (limit + screen) / (limit *
 * MIN_DWELL_S)), whatever the page size.
 */
export const MIN_DWELL_S = 0.3;
/**
 * Pages are requested this far ahead of the view, in seconds of travel at the current speed (and at least one
 * screen), so a page usually arrives before its first row scrolls in. Server pages take tens of ms on a LAN; this
 * covers a slow link too.
 */
export const LEAD_S = 0.5;
/** Pages beyond those in view observed at once (many only with a tiny page size). */
export const MAX_EXTRA_PAGES = 4;

export interface PageWindowInput {
  /** First and last item index in view. */
  first: number;
  last: number;
  /** Items per second: positive towards the end, negative towards the start, 0 at rest. */
  velocity: number;
  /** Items per page. */
  limit: number;
  totalPages: number;
}

/**
 * The pages to observe for a view, in ascending order:
 * - moving too fast to read: no new page, and of `previous` (the last answer) only those within a screen of the
 *   view, so requests for pages left behind are cancelled. (A jump by the End key renders at its destination before
 *   its scroll event tells its speed: what it asked for there is kept.)
 * - otherwise the pages in view, and those within half a screen behind and `max(screen, LEAD_S of travel)` ahead
 *   (at rest, one screen either side);
 * - and pages of `previous` that the view has not left behind and a readable speed could still
 *   reach, so slowing down or pausing does not cancel a page requested ahead.
 * At most MAX_EXTRA_PAGES beyond those in view: ahead before behind, nearest first.
 */
export function pagesToObserve(
  { first, last, velocity, limit, totalPages }: PageWindowInput,
  previous: readonly number[] = [],
): number[] {
  if (totalPages < 1 || last < first) return [];
  const screen = last - first + 1;
  const speed = Math.abs(velocity);
  // Items between the view and a page: > 0 below the view, < 0 above it, 0 for a page in view.
  const gap = (page: number) => Math.max(0, (page - 1) * limit - last) - Math.max(0, first - (page * limit - 1));
  if (speed > 0 && (limit + screen) / speed < MIN_DWELL_S) {
    return previous.filter((page) => page <= totalPages && Math.abs(gap(page)) <= screen);
  }

  const ahead = Math.max(screen, Math.ceil(speed * LEAD_S));
  const behind = speed > 0 ? Math.ceil(screen / 2) : screen;
  const [up, down] = velocity < 0 ? [ahead, behind] : [behind, ahead];
  // The farthest a readable speed looks ahead.
  const reach = Math.ceil(((limit + screen) / MIN_DWELL_S) * LEAD_S);
  const leftBehind = (page: number) => (velocity > 0 ? -gap(page) > up : velocity < 0 ? gap(page) > down : false);
  const kept = previous.filter((page) => page <= totalPages && Math.abs(gap(page)) <= reach && !leftBehind(page));

  const inView = pagesForRange(first, last, limit, totalPages);
  // Moving: pages ahead first, nearest first, then those behind. At rest: nearest first, the one below on a tie.
  const rank = (page: number) => {
    const isAhead = velocity < 0 ? gap(page) < 0 : gap(page) > 0;
    return Math.abs(gap(page)) * 2 + (isAhead ? 0 : velocity === 0 ? 1 : Number.MAX_SAFE_INTEGER / 2);
  };
  const extra = [...new Set([...pagesForRange(first - up, last + down, limit, totalPages), ...kept])]
    .filter((page) => !inView.includes(page))
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, MAX_EXTRA_PAGES);
  return [...inView, ...extra].sort((a, b) => a - b);
}
