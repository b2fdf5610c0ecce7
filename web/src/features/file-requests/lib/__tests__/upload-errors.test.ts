import { describe, expect, it } from "vitest";
import { refusalBeforeSending, uploadErrorText } from "../upload-errors";

describe("uploadErrorText", () => {
  it("says each refusal plainly", () => {
    expect(uploadErrorText(401)).toBe("Wrong password.");
    expect(uploadErrorText(410)).toBe("This request has expired.");
    expect(uploadErrorText(409)).toBe("This request takes no more files.");
    expect(uploadErrorText(413, { maxFileSize: 10 * 1024 * 1024 })).toBe(
      "Too big: this request takes files up to 10 MB.",
    );
    expect(uploadErrorText(0)).toMatch(/Could not reach the server/);
    expect(uploadErrorText(500)).toMatch(/went wrong/);
  });
});

describe("refusalBeforeSending", () => {
  it("refuses a file over the size limit or past the count, before it is sent", () => {
    expect(refusalBeforeSending({ size: 11 }, { maxFileSize: 10 }, 0)).toBe(
      "Too big: this request takes files up to 10 B.",
    );
    expect(refusalBeforeSending({ size: 10 }, { maxFileSize: 10, remaining: 1 }, 0)).toBeUndefined();
    expect(refusalBeforeSending({ size: 1 }, { remaining: 1 }, 1)).toBe("This request takes no more files.");
    expect(refusalBeforeSending({ size: 1 }, {}, 100)).toBeUndefined();
  });
});
