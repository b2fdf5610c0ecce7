import { describe, expect, it } from "vitest";
import type { UploadItem } from "../upload-queue";
import { reportLine, summarizeUploads, uploadActivityTitle } from "../upload-summary";

const item = (key: string, status: UploadItem["status"], size: number, loaded: number): UploadItem => ({
  key,
  name: `${key}.bin`,
  folderPath: "/",
  size,
  loaded,
  status,
  totalParts: 1,
  lastModified: 0,
  partsDone: 0,
});

describe("summarizeUploads", () => {
  it("counts this run's files still meant to land, for the panel and the tab title", () => {
    const items = [
      item("a", "done", 100, 100),
      item("b", "uploading", 100, 50),
      item("c", "queued", 200, 0),
      item("d", "uploading", 100, 10),
      item("old", "done", 1000, 1000),
    ];
    const summary = summarizeUploads(items, ["a", "b", "c", "d"]);
    expect(summary).toMatchObject({ running: true, active: 3, loaded: 160, total: 500, percent: 32 });
    expect(uploadActivityTitle(summary)).toBe("32% · Uploading 3 files");
  });

  it("says nothing in the title once the queue is idle", () => {
    const done = summarizeUploads([item("a", "done", 1, 1), item("b", "failed", 1, 0)], ["a", "b"]);
    expect(done).toMatchObject({ running: false, title: "1 upload failed" });
    expect(uploadActivityTitle(done)).toBeUndefined();
  });
});

describe("the report of a finished run", () => {
  it("counts uploaded, replaced, skipped and failed files of this run only", () => {
    const items = [
      item("a", "done", 1, 1),
      { ...item("b", "done", 1, 1), replaced: true },
      item("c", "skipped", 1, 0),
      item("d", "failed", 1, 0),
      item("e", "done", 1, 1),
      item("old", "failed", 1, 0),
    ];
    const { report } = summarizeUploads(items, ["a", "b", "c", "d", "e"]);
    expect(report).toEqual({ uploaded: 2, replaced: 1, skipped: 1, failed: 1, cancelled: 0 });
    expect(reportLine(report ?? { uploaded: 0, replaced: 0, skipped: 0, failed: 0, cancelled: 0 })).toBe(
      "2 uploaded · 1 replaced · 1 skipped · 1 failed",
    );
  });

  it("has no report while files are still uploading", () => {
    expect(summarizeUploads([item("a", "uploading", 2, 1)], ["a"]).report).toBeUndefined();
  });
});
