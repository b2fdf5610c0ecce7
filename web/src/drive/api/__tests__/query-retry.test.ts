import { describe, expect, it } from "vitest";
import { ApiError } from "../api-client";
import { shouldRetryQuery } from "../query-retry";

const status = (code: number) => new ApiError(code, "", new Headers(), "");

describe("shouldRetryQuery", () => {
  it.each([400, 401, 403, 404])("never retries a %i", (code) => {
    expect(shouldRetryQuery(0, status(code))).toBe(false);
  });
  it("retries server errors while fewer than 4 retries happened", () => {
    for (const error of [status(500), status(502)]) {
      expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, error))).toEqual([true, true, true, true]);
      expect(shouldRetryQuery(4, error)).toBe(false);
    }
  });
  it("tries a request that got no answer once more only, so an unreachable server is said at once", () => {
    const unreachable = new TypeError("Failed to fetch");
    expect([0, 1].map((n) => shouldRetryQuery(n, unreachable))).toEqual([true, false]);
  });
});
