import { describe, expect, it, vi } from "vitest";
import { onDemand } from "../on-demand";

describe("onDemand", () => {
  it("imports once, keeps the module, and tells subscribers when it arrives", async () => {
    const importer = vi.fn(async () => ({ answer: 42 }));
    const mod = onDemand(importer);
    const listener = vi.fn();
    mod.subscribe(listener);
    expect(mod.current).toBeUndefined();
    const [a, b] = await Promise.all([mod.load(), mod.load()]);
    expect(a).toBe(b);
    expect(mod.current).toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed download", async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({ ok: true });
    const mod = onDemand<{ ok: boolean }>(importer);
    await expect(mod.load()).rejects.toThrow("offline");
    expect(mod.current).toBeUndefined();
    await expect(mod.load()).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
