import { describe, expect, it } from "vitest";
import { ScrollSpeed } from "../scroll-speed";

/** Feeds `speed` a steady scroll of `pxPerFrame` every 16 ms for `frames` frames from `from`; returns the end time. */
function steady(speed: ScrollSpeed, from: { t: number; offset: number }, pxPerFrame: number, frames: number) {
  let { t, offset } = from;
  for (let i = 0; i < frames; i++) {
    t += 16;
    offset += pxPerFrame;
    speed.record(t, offset, true);
  }
  return { t, offset };
}

describe("ScrollSpeed", () => {
  it("is 0 at rest and after a scroll ends", () => {
    const speed = new ScrollSpeed();
    speed.record(0, 0, false);
    expect(speed.velocity).toBe(0);
    const end = steady(speed, { t: 0, offset: 0 }, 40, 20);
    expect(speed.velocity).toBeGreaterThan(0);
    speed.record(end.t + 100, end.offset, false);
    expect(speed.velocity).toBe(0);
  });

  it("measures a steady scroll in pixels a second, signed by direction", () => {
    const speed = new ScrollSpeed();
    speed.record(0, 10_000, false);
    const end = steady(speed, { t: 0, offset: 10_000 }, 40, 30);
    expect(speed.velocity).toBeCloseTo(2500, -1);
    steady(speed, end, -40, 30);
    expect(speed.velocity).toBeCloseTo(-2500, -1);
  });

  it("follows a change of speed within about a tenth of a second", () => {
    const speed = new ScrollSpeed();
    speed.record(0, 0, false);
    const end = steady(speed, { t: 0, offset: 0 }, 400, 30);
    steady(speed, end, 40, 8);
    expect(speed.velocity).toBeCloseTo(2500, -1);
  });

  it("reads a jump from rest as very fast, and one small step from rest as slow", () => {
    const jump = new ScrollSpeed();
    jump.record(0, 0, false);
    jump.record(5000, 4_800_000, true);
    expect(jump.velocity).toBeGreaterThan(1_000_000);

    const nudge = new ScrollSpeed();
    nudge.record(0, 0, false);
    nudge.record(5000, 30, true);
    expect(nudge.velocity).toBeGreaterThan(0);
    expect(nudge.velocity).toBeLessThan(200);
  });

  it("does not take two events in one frame for a burst of speed", () => {
    const speed = new ScrollSpeed();
    speed.record(0, 0, false);
    const end = steady(speed, { t: 0, offset: 0 }, 40, 10);
    speed.record(end.t + 1, end.offset + 40, true);
    expect(speed.velocity).toBeLessThan(3000);
  });
});
