import { describe, expect, it } from "vitest";
import { MAX_TIMER_MS, refreshDelay } from "../token-schedule";

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe("refreshDelay", () => {
  it("renews a 15-minute token three minutes early", () => {
    expect(refreshDelay(15 * MIN, 0)).toBe(12 * MIN);
  });
  it("keeps at least 30 s of lead for a short token", () => {
    expect(refreshDelay(60_000, 0)).toBe(30_000);
  });
  it("renews at once a token already lapsed, or with no readable expiry", () => {
    expect(refreshDelay(1000, 5000)).toBe(0);
    expect(refreshDelay(Number.NaN, 0)).toBe(0);
  });
  it("never asks the browser for a timer longer than it keeps (a 30-day token)", () => {
    expect(refreshDelay(30 * DAY, 0)).toBe(MAX_TIMER_MS);
  });
  it("renews a week-long token ten minutes early", () => {
    expect(refreshDelay(7 * DAY, 0)).toBe(7 * DAY - 10 * MIN);
  });
});
