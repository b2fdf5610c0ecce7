import { describe, expect, it } from "vitest";
import { generationOf } from "../generation";

describe("generationOf (the once-per-session probe)", () => {
  it("takes our own server (it answers /capabilities) as API-A, whatever else it has", () => {
    expect(generationOf({ capabilities: 200, apiKeys: 401 })).toBe("A");
    expect(generationOf({ capabilities: 200, apiKeys: 404 })).toBe("A");
    expect(generationOf({ capabilities: 200, apiKeys: "failed" })).toBe("A");
  });
  it("takes a Teldrive 1.x server (no /capabilities, no /users/api-keys) as API-A", () => {
    expect(generationOf({ capabilities: 404, apiKeys: 404 })).toBe("A");
  });
  it("takes Teldrive main (no /capabilities, /users/api-keys exists) as API-B, signed in or not", () => {
    expect(generationOf({ capabilities: 404, apiKeys: 401 })).toBe("B");
    expect(generationOf({ capabilities: 404, apiKeys: 200 })).toBe("B");
    expect(generationOf({ capabilities: "failed", apiKeys: 403 })).toBe("B");
  });
  it("decides nothing from a failure, so the probe is asked again", () => {
    expect(generationOf({ capabilities: 404, apiKeys: 502 })).toBeUndefined();
    expect(generationOf({ capabilities: "failed", apiKeys: "failed" })).toBeUndefined();
    expect(generationOf({ capabilities: 503, apiKeys: 500 })).toBeUndefined();
  });
});
