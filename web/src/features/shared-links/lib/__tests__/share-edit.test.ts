import { describe, expect, it } from "vitest";
import { parentPath } from "@/drive/files/folder-path";
import { dateInputOf, type ShareEditContext, shareEditSchema, sharePatch } from "../share-edit";

const ctx: ShareEditContext = { today: "2026-11-26", currentExpiry: "2026-12-01", canClear: true };
const values = { password: "", removePassword: false, expiry: "2026-12-01" };
const problems = (c: ShareEditContext, v: typeof values) =>
  shareEditSchema(c)
    .safeParse(v)
    .error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];

describe("share edit form", () => {
  it("accepts no change, a new password, a later day and no expiry", () => {
    expect(problems(ctx, values)).toEqual([]);
    expect(problems(ctx, { ...values, password: "new", expiry: "2027-01-01" })).toEqual([]);
    expect(problems(ctx, { ...values, expiry: "" })).toEqual([]);
    expect(problems(ctx, { ...values, expiry: "2026-11-26" })).toEqual([]);
  });

  it("refuses a past day unless it is the expiry the link already has", () => {
    expect(problems(ctx, { ...values, expiry: "2026-11-25" })).toEqual(["expiry: Choose today or a later day"]);
    const expired = { ...ctx, currentExpiry: "2026-01-01" };
    expect(problems(expired, { ...values, expiry: "2026-01-01", password: "pw" })).toEqual([]);
  });

  it("refuses a password that is too long and a date that is not one", () => {
    expect(problems(ctx, { ...values, password: "x".repeat(257) })).toEqual(["password: At most 256 characters"]);
    expect(problems(ctx, { ...values, expiry: "soon" })).toEqual(["expiry: Enter a date"]);
  });

  it("cannot remove an expiry where the server cannot (Teldrive 1.8)", () => {
    expect(problems({ ...ctx, canClear: false }, { ...values, expiry: "" })).toEqual([
      "expiry: This server cannot remove an expiry; choose a day",
    ]);
    expect(problems({ ...ctx, canClear: false, currentExpiry: "" }, { ...values, expiry: "" })).toEqual([]);
  });

  it("sends only what changed", () => {
    expect(sharePatch("f", values, ctx)).toBeUndefined();
    expect(sharePatch("f", { ...values, password: "pw" }, ctx)).toEqual({ fileId: "f", password: "pw" });
    expect(sharePatch("f", { ...values, password: "pw", removePassword: true }, ctx)).toEqual({
      fileId: "f",
      password: null,
    });
    expect(sharePatch("f", { ...values, expiry: "" }, ctx)).toEqual({ fileId: "f", expiresAt: null });
    const later = sharePatch("f", { ...values, expiry: "2027-01-02" }, ctx);
    expect(new Date(later?.expiresAt ?? "").getDate()).toBe(2);
  });

  it("reads dates and folders", () => {
    expect(dateInputOf(undefined)).toBe("");
    expect(dateInputOf(new Date(2026, 0, 5, 12).toISOString())).toBe("2026-01-05");
    expect(parentPath("/a.txt")).toBe("/");
    expect(parentPath("/Work/2026/report.pdf")).toBe("/Work/2026");
  });
});
