import { describe, expect, it } from "vitest";
import { EMPTY_FORM, requestBody, requestLink } from "../request-form";

describe("requestBody", () => {
  it("sends only what was filled in", () => {
    expect(requestBody("f1", EMPTY_FORM)).toEqual({ body: { folderId: "f1" } });
    expect(
      requestBody("f1", { ...EMPTY_FORM, title: "  Receipts ", password: "pw", maxSizeMb: "1.5", maxFiles: "3" }),
    ).toEqual({ body: { folderId: "f1", title: "Receipts", password: "pw", maxFileSize: 1572864, maxFiles: 3 } });
  });

  it("turns a day into the end of that day and refuses past days", () => {
    const result = requestBody("f1", { ...EMPTY_FORM, expiry: "2999-01-31" });
    expect("body" in result && new Date(result.body.expiresAt ?? "").getDate()).toBe(31);
    expect(requestBody("f1", { ...EMPTY_FORM, expiry: "2000-01-01" })).toMatchObject({ field: "expiry" });
  });

  it("names the field that is wrong", () => {
    expect(requestBody("f1", { ...EMPTY_FORM, maxSizeMb: "0" })).toMatchObject({ field: "maxSizeMb" });
    expect(requestBody("f1", { ...EMPTY_FORM, maxSizeMb: "lots" })).toMatchObject({ field: "maxSizeMb" });
    expect(requestBody("f1", { ...EMPTY_FORM, maxFiles: "2.5" })).toMatchObject({ field: "maxFiles" });
    expect(requestBody("f1", { ...EMPTY_FORM, maxFiles: "0" })).toMatchObject({ field: "maxFiles" });
  });

  it("links to the public page", () => {
    expect(requestLink("https://drive.example", "abc")).toBe("https://drive.example/request/abc");
  });
});
