import { describe, expect, it } from "vitest";
import { TokenRefresher } from "../token-refresh";

/** A refresh whose answer the test gives, counting how often the server was asked. */
function controlledRefresh() {
  const calls: Array<(ok: boolean) => void> = [];
  const refresher = new TokenRefresher(() => new Promise<boolean>((resolve) => calls.push(resolve)));
  return { refresher, calls };
}

describe("TokenRefresher", () => {
  it("sends one refresh for callers that ask while it is in flight, and all get its answer", async () => {
    const { refresher, calls } = controlledRefresh();
    const answers = Promise.all([refresher.refresh(), refresher.refresh(), refresher.recover(0)]);
    expect(calls).toHaveLength(1);
    calls[0]?.(true);
    expect(await answers).toEqual([true, true, true]);
    expect(refresher.epoch()).toBe(1);
  });
  it("asks again once the last refresh has finished", async () => {
    const { refresher, calls } = controlledRefresh();
    const first = refresher.refresh();
    calls[0]?.(true);
    await first;
    const second = refresher.refresh();
    expect(calls).toHaveLength(2);
    calls[1]?.(false);
    expect(await second).toBe(false);
    expect(refresher.epoch()).toBe(1);
  });
  it("lets a request that failed with a token older than the last refresh retry without refreshing again", async () => {
    const { refresher, calls } = controlledRefresh();
    const sentEpoch = refresher.epoch();
    const refreshed = refresher.refresh();
    calls[0]?.(true);
    await refreshed;
    expect(await refresher.recover(sentEpoch)).toBe(true);
    expect(calls).toHaveLength(1);
  });
  it("answers false (sign in) when the server refuses the refresh token", async () => {
    const { refresher, calls } = controlledRefresh();
    const answer = refresher.recover(refresher.epoch());
    calls[0]?.(false);
    expect(await answer).toBe(false);
  });
  it("passes on an unreachable server as an error, not as a sign-out, and asks again next time", async () => {
    let n = 0;
    const refresher = new TokenRefresher(async () => {
      n++;
      if (n === 1) throw new Error("offline");
      return true;
    });
    await expect(refresher.refresh()).rejects.toThrow("offline");
    expect(await refresher.refresh()).toBe(true);
    expect(n).toBe(2);
  });
});
