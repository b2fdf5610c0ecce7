/**
 * Content taller than the browser lets an element be (Chrome and Safari stop at about 33.5 million px, Firefox at
 * about 17.9 million): the scroll element is given at most `cap` px, and its real scroll position is mapped to a
 * position in the full ("virtual") content.
 *
 * - The edges are exact: real 0 is virtual 0, the real end is the virtual end (End, Home, a thumb dragged to either
 *   end).
 * - A jump (a dragged scrollbar thumb, anything farther than `jump` real px at once) lands in proportion:
 *   virtual = real * scale.
 * - Small steps (wheel, touch, arrow keys, PageDown, a click on the track) move the content exactly as far as the
 *   scroll position moved, so reading and keyboard steps are precise. The difference this builds up from the
 *   proportional position ("drift") is bounded by `drift` and shrinks to 0 towards the edges, so every row stays
 *   reachable and the edges never jump; while the scroll rests, `resync` moves the real position back to the
 *   proportional one without moving the content.
 *
 * Content at virtual y is drawn at real y - `shift`. When the content fits under the cap the mapping is the identity.
 */

/** The largest scroll height we give an element: below every browser's limit, with room to spare. */
export const MAX_SCROLL_SIZE = 15_000_000;

export interface ScrollExtent {
  /** Full height of the content. */
  content: number;
  /** Height of the visible part (the element's clientHeight). */
  viewport: number;
  /** The largest real height (MAX_SCROLL_SIZE unless a test lowers it). */
  cap: number;
}

export interface ScaledScrollOptions {
  /** Largest distance between the virtual position and the proportional one, in viewports (default 50). */
  driftViewports?: number;
  /** A real move longer than this many viewports at once is a jump (default 3). */
  jumpViewports?: number;
}

/** Within this many px of a real edge counts as at the edge (fractional scroll positions, zoom). */
const EDGE_PX = 1;
/** A scroll event within this many px of our own last write is that write read back (browsers round). */
const READ_BACK_PX = 1.5;

export class ScaledScroll {
  /** The element's scroll position. */
  real = 0;
  /** The position in the full content. */
  virtual = 0;
  private extent: ScrollExtent = { content: 0, viewport: 0, cap: MAX_SCROLL_SIZE };
  /** A real position we asked the element for and whose scroll event has not come yet. */
  private written: number | undefined;
  /** A real position to write to the element (taken by `takeWrite`). */
  private toWrite: number | undefined;
  private readonly driftViewports: number;
  private readonly jumpViewports: number;

  constructor(options: ScaledScrollOptions = {}) {
    this.driftViewports = options.driftViewports ?? 50;
    this.jumpViewports = options.jumpViewports ?? 3;
  }

  /** The element's full scroll height. */
  get realSize(): number {
    return Math.min(this.extent.content, this.extent.cap);
  }
  get maxReal(): number {
    return Math.max(0, this.realSize - this.extent.viewport);
  }
  get maxVirtual(): number {
    return Math.max(0, this.extent.content - this.extent.viewport);
  }
  /** Virtual px per real px at the proportional position: 1 when the content fits. */
  get scale(): number {
    return this.maxReal > 0 ? Math.max(1, this.maxVirtual / this.maxReal) : 1;
  }
  /** Content at virtual y is drawn at real y - shift. */
  get shift(): number {
    return this.virtual - this.real;
  }

  /**
   * New sizes (rows added or removed, the viewport resized): the virtual position stays (clamped), so the rows in
   * view stay; the real one is recomputed, to be written (`takeWrite`) once the element has its new height.
   */
  setExtent(extent: ScrollExtent): void {
    const e = this.extent;
    if (e.content === extent.content && e.viewport === extent.viewport && e.cap === extent.cap) return;
    this.extent = { ...extent };
    this.virtual = clamp(this.virtual, 0, this.maxVirtual);
    this.moveRealTo(this.scale === 1 ? this.virtual : this.proportionalReal(this.virtual));
  }

  /** The element scrolled to `real` (a scroll event). */
  onScroll(real: number): void {
    if (this.written !== undefined && Math.abs(real - this.written) <= READ_BACK_PX) {
      // Our own write, rounded by the browser: the virtual position is the one we wrote for.
      this.written = undefined;
      this.real = real;
      return;
    }
    this.written = undefined;
    const previous = this.real;
    this.real = real;
    const k = this.scale;
    if (k === 1) this.virtual = clamp(real, 0, this.maxVirtual);
    else if (real <= EDGE_PX) this.virtual = 0;
    else if (real >= this.maxReal - EDGE_PX) this.virtual = this.maxVirtual;
    else if (Math.abs(real - previous) > this.jumpViewports * this.extent.viewport) this.virtual = real * k;
    else this.virtual = this.intoBand(this.virtual + (real - previous), real);
  }

  /** Scrolls to the virtual position `target` (a row brought into view, End, Home, a restored position). */
  scrollTo(target: number): void {
    const t = clamp(target, 0, this.maxVirtual);
    const k = this.scale;
    let real: number;
    if (k === 1 || t === 0) real = t;
    else if (t === this.maxVirtual) real = this.maxReal;
    else {
      // Near where we are, move the element exactly as far (the rows on screen keep their places); else in proportion.
      const near = Math.round(this.real + (t - this.virtual));
      const far = Math.abs(t - this.virtual) > this.jumpViewports * this.extent.viewport;
      const inside = near > EDGE_PX && near < this.maxReal - EDGE_PX && this.intoBand(t, near) === t;
      real = !far && inside ? near : this.proportionalReal(t);
    }
    this.virtual = t;
    this.moveRealTo(real);
  }

  /**
   * At rest: moves the real position back to the proportional one, keeping the virtual one (the content does not
   * move, the scrollbar's thumb does, by at most drift / scale px), so the next gesture has the whole band again.
   */
  resync(): void {
    if (this.scale === 1 || this.virtual <= 0 || this.virtual >= this.maxVirtual) return;
    const real = this.proportionalReal(this.virtual);
    if (Math.abs(real - this.real) >= 1) this.moveRealTo(real);
  }

  /**
   * The real position to write to the element, once; undefined when there is nothing to write or the element is
   * there already (`current`, its scroll position: no scroll event would come).
   */
  takeWrite(current: number): number | undefined {
    const real = this.toWrite;
    this.toWrite = undefined;
    if (real === undefined || Math.abs(real - current) < 0.5) return undefined;
    this.written = real;
    return real;
  }

  private moveRealTo(real: number): void {
    const r = clamp(real, 0, this.maxReal);
    if (r === this.real && this.toWrite === undefined) return;
    this.real = r;
    this.toWrite = r;
  }

  /** The proportional real position for a virtual one, whole px, off the edges unless the virtual one is at them. */
  private proportionalReal(virtual: number): number {
    if (virtual <= 0) return 0;
    if (virtual >= this.maxVirtual) return this.maxReal;
    return clamp(Math.round(virtual / this.scale), EDGE_PX + 1, Math.max(EDGE_PX + 1, this.maxReal - EDGE_PX - 1));
  }

  /**
   * `virtual` kept within the drift allowed at `real`: at most `drift` from the proportional position, and no more
   * than (scale - 1) times the distance to the nearer edge, so both edges are reached together.
   */
  private intoBand(virtual: number, real: number): number {
    const k = this.scale;
    const drift = Math.min(this.driftViewports * this.extent.viewport, (k - 1) * Math.min(real, this.maxReal - real));
    return clamp(virtual, Math.max(0, real * k - drift), Math.min(this.maxVirtual, real * k + drift));
  }
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

export interface RowLayout {
  /** Rows (a grid row holds several items). */
  count: number;
  rowHeight: number;
  /** Height of what comes before the rows in the scroll element and stays on top of them (a sticky header). */
  header: number;
  /** Space between the header and the first row. */
  paddingStart: number;
  /** Space kept clear above a row brought into view. */
  scrollPaddingStart: number;
  /** Space after the last row, kept clear below a row brought into view (a floating button over the list's end). */
  paddingEnd?: number;
}

/** Full content height of a layout of fixed-height rows. */
export const contentHeight = (l: RowLayout): number =>
  l.header + l.paddingStart + l.count * l.rowHeight + (l.paddingEnd ?? 0);

/** First and last row at least partly in view (below the header) at virtual `offset`; undefined with no rows. */
export function rowsInView(
  l: RowLayout,
  offset: number,
  viewport: number,
): { first: number; last: number } | undefined {
  if (l.count === 0) return undefined;
  const first = clamp(Math.floor((offset - l.paddingStart) / l.rowHeight), 0, l.count - 1);
  const last = clamp(Math.ceil((offset + viewport - l.header - l.paddingStart) / l.rowHeight) - 1, first, l.count - 1);
  return { first, last };
}

/**
 * The virtual offset that brings `row` into view with the least movement (align "auto"), or `offset` itself when it
 * is in view already.
 */
export function offsetToShowRow(l: RowLayout, row: number, offset: number, viewport: number): number {
  const top = l.header + l.paddingStart + row * l.rowHeight;
  const bottom = top + l.rowHeight;
  let target = offset;
  if (top < offset + l.header + l.scrollPaddingStart) target = top - l.header - l.scrollPaddingStart;
  else if (bottom > offset + viewport - (l.paddingEnd ?? 0)) target = bottom - viewport + (l.paddingEnd ?? 0);
  return clamp(target, 0, Math.max(0, contentHeight(l) - viewport));
}
