import { describe, expect, it } from "vitest";
import { shareBody } from "../share-body";

describe("shareBody", () => {
  it("sends only what was filled in", () => {
    expect(shareBody({ fileId: "f" })).toEqual({});
    expect(shareBody({ fileId: "f", password: "", expiresAt: undefined })).toEqual({});
    expect(shareBody({ fileId: "f", password: "pw", expiresAt: "2030-01-01T00:00:00.000Z" })).toEqual({
      password: "pw",
      expiresAt: "2030-01-01T00:00:00.000Z",
    });
  });

  it("sends null to remove the password or the expiry", () => {
    expect(shareBody({ fileId: "f", password: null })).toEqual({ password: null });
    expect(shareBody({ fileId: "f", expiresAt: null, password: "" })).toEqual({ expiresAt: null });
  });
});
