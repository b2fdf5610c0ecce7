import { describe, expect, it } from "vitest";
import { generalSettingsSchema, HOST_MESSAGE, isValidHost, SPLIT_FILE_SIZE_OPTIONS } from "../general-settings-schema";

const valid = {
  pageSize: "500",
  splitFileSize: "524288000",
  uploadConcurrency: "4",
  encryptFiles: false,
  resizerHost: "",
  rcloneProxy: "",
};

const messages = (input: object) => {
  const result = generalSettingsSchema.safeParse({ ...valid, ...input });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("general settings", () => {
  it("accepts the defaults", () => {
    expect(messages({})).toEqual([]);
  });
  it("needs page size and upload concurrency to be whole numbers", () => {
    expect(messages({ pageSize: "abc" })).toEqual(["pageSize: Must be a whole number above 0"]);
    expect(messages({ uploadConcurrency: "0" })).toEqual(["uploadConcurrency: Must be a whole number above 0"]);
    expect(messages({ pageSize: " 100 ", uploadConcurrency: "8" })).toEqual([]);
  });
  it("only offers the four split sizes", () => {
    expect(SPLIT_FILE_SIZE_OPTIONS.map((o) => [o.label, Number(o.value)])).toEqual([
      ["100MB", 104857600],
      ["500MB", 524288000],
      ["1GB", 1048576000],
      ["2GB", 2097152000],
    ]);
    expect(messages({ splitFileSize: "123" })).toHaveLength(1);
  });
  it("takes hosts as empty or a URL, else 'Must be a valid Host'", () => {
    expect(messages({ resizerHost: "https://resizer.example.com", rcloneProxy: "http://127.0.0.1:8081" })).toEqual([]);
    expect(messages({ resizerHost: "not a host" })).toEqual([`resizerHost: ${HOST_MESSAGE}`]);
    expect(messages({ rcloneProxy: "proxy" })).toEqual([`rcloneProxy: ${HOST_MESSAGE}`]);
    expect(HOST_MESSAGE).toBe("Must be a valid Host");
    expect(isValidHost("")).toBe(true);
  });
});
