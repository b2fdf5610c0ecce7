import { describe, expect, it } from "vitest";
import { ancestorsOf, joinPath } from "@/drive/files/folder-path";
import { formatTimeLeft, percent } from "../format-progress";
import { keepBothName, numberedName } from "../name-clash";
import { backoffDelay, isRetryable, shouldRetry } from "../retry-policy";
import { partName, splitParts } from "../split-parts";
import { uploadId } from "../upload-id";

describe("splitParts", () => {
  it("cuts equal parts with a shorter last one", () => {
    expect(splitParts(10, 4)).toEqual([
      { partNo: 1, start: 0, end: 4 },
      { partNo: 2, start: 4, end: 8 },
      { partNo: 3, start: 8, end: 10 },
    ]);
  });
  it("keeps an exact multiple without an empty tail", () => {
    expect(splitParts(8, 4).map((p) => p.end)).toEqual([4, 8]);
  });
  it("gives one part for a small file and none for an empty one", () => {
    expect(splitParts(3, 100)).toEqual([{ partNo: 1, start: 0, end: 3 }]);
    expect(splitParts(0, 100)).toEqual([]);
  });
  it("refuses a part size of zero", () => {
    expect(() => splitParts(10, 0)).toThrow();
  });
});

describe("partName", () => {
  it("uses the file name for one part and a padded suffix otherwise", () => {
    expect(partName("a.mp4", 1, 1)).toBe("a.mp4");
    expect(partName("a.mp4", 2, 12)).toBe("a.mp4.part.002");
  });
});

describe("uploadId", () => {
  const input = { path: "/Docs", name: "a.txt", size: 5, lastModified: 1700000000000, userId: 7 };
  it("is the hex sha256 of path/name:size:lastModified:userId", () => {
    expect(uploadId(input)).toMatch(/^[0-9a-f]{64}$/);
    expect(uploadId(input)).toBe(uploadId({ ...input }));
  });
  it("changes when any input changes", () => {
    const ids = new Set([
      uploadId(input),
      uploadId({ ...input, path: "/Other" }),
      uploadId({ ...input, name: "b.txt" }),
      uploadId({ ...input, size: 6 }),
      uploadId({ ...input, lastModified: 1 }),
      uploadId({ ...input, userId: 8 }),
    ]);
    expect(ids.size).toBe(6);
  });
  it("matches sha256 computed elsewhere", () => {
    expect(uploadId(input)).toBe("874952edd56f6d84a18a2e4aebb13cc7a0fc28ce3eee90e3c00be25582a3903d");
  });
});

describe("retry policy", () => {
  it("retries network faults, 408, 429 and 5xx but not other client errors", () => {
    expect([0, 408, 429, 500, 503].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 409, 413].some(isRetryable)).toBe(false);
  });
  it("stops after the maximum number of retries", () => {
    expect(shouldRetry(500, 0)).toBe(true);
    expect(shouldRetry(500, 2)).toBe(true);
    expect(shouldRetry(500, 3)).toBe(false);
    expect(shouldRetry(400, 0)).toBe(false);
  });
  it("doubles the delay and caps it", () => {
    expect(backoffDelay(0, 0)).toBe(1000);
    expect(backoffDelay(1, 0)).toBe(2000);
    expect(backoffDelay(2, 0)).toBe(4000);
    expect(backoffDelay(20, 0)).toBe(30000);
    expect(backoffDelay(0, 0.999)).toBeLessThanOrEqual(1250);
  });
});

describe("name clash", () => {
  it("numbers before the extension", () => {
    expect(numberedName("report.final.pdf", 1)).toBe("report.final (1).pdf");
    expect(numberedName("README", 2)).toBe("README (2)");
    expect(numberedName(".env", 1)).toBe(".env (1)");
  });
  it("finds the first free name", async () => {
    const taken = new Set(["a (1).txt", "a (2).txt"]);
    expect(await keepBothName("a.txt", async (n) => taken.has(n))).toBe("a (3).txt");
  });
});

describe("paths", () => {
  it("joins and lists ancestors", () => {
    expect(joinPath("/", "a/b", "c")).toBe("/a/b/c");
    expect(joinPath("/")).toBe("/");
    expect(ancestorsOf("/a/b")).toEqual(["/a", "/a/b"]);
    expect(ancestorsOf("/")).toEqual([]);
  });
});

describe("progress formatting", () => {
  it("says how long is left", () => {
    expect(formatTimeLeft(100, 10)).toBe("10 s left");
    expect(formatTimeLeft(6000, 10)).toBe("10 min left");
    expect(formatTimeLeft(3900 * 10, 10)).toBe("1 h 5 min left");
    expect(formatTimeLeft(100, 0)).toBe("");
  });
  it("gives whole percents and treats empty files as complete", () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(0, 0)).toBe(100);
  });
});
