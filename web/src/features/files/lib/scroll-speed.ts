/** Speed is measured over roughly this much of the latest scrolling. */
const WINDOW_MS = 100;
/** One frame: the shortest time a move can have taken. */
const FRAME_MS = 16;
/**
 * The longest time a move is spread over. The first move after a rest (a jump by the End key, a scrollbar thumb
 * dragged far) counts as made in this long, so a jump reads as very fast and one wheel notch as slow.
 */
const MAX_GAP_MS = 2 * WINDOW_MS;

interface Sample {
  t: number;
  offset: number;
}

/**
 * How fast a scroll position moves, from the positions reported while it scrolls (the virtualiser's `onChange`).
 * `velocity` is in pixels per second: positive towards the end, negative towards the start, 0 at rest.
 */
export class ScrollSpeed {
  private samples: Sample[] = [];
  velocity = 0;

  record(t: number, offset: number, scrolling: boolean): void {
    if (!scrolling) {
      this.samples = [{ t, offset }];
      this.velocity = 0;
      return;
    }
    this.samples.push({ t, offset });
    // Keep the newest sample at least WINDOW_MS old as the base, and everything after it.
    while (this.samples.length > 2 && t - (this.samples[1]?.t ?? t) >= WINDOW_MS) this.samples.shift();
    const base = this.samples[0];
    if (!base || this.samples.length < 2) {
      this.velocity = 0;
      return;
    }
    const dt = Math.min(Math.max(t - base.t, FRAME_MS), MAX_GAP_MS);
    this.velocity = ((offset - base.offset) / dt) * 1000;
  }
}
