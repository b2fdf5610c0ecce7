import { describe, expect, it } from "vitest";
import { categoryRows, totals, uploadBars } from "../storage-summary";

describe("uploadBars", () => {
  it("orders days and labels them", () => {
    const bars = uploadBars([
      { uploadDate: "2025-03-06T00:00:00Z", totalUploaded: 2048 },
      { uploadDate: "2025-03-05T00:00:00Z", totalUploaded: 0 },
    ]);
    expect(bars).toEqual([
      { day: "2025-03-05", label: "Mar 5", bytes: 0 },
      { day: "2025-03-06", label: "Mar 6", bytes: 2048 },
    ]);
  });
});

describe("categoryRows", () => {
  it("sorts by size and capitalises", () => {
    const rows = categoryRows([
      { category: "image", totalFiles: 3, totalSize: 10 },
      { category: "video", totalFiles: 1, totalSize: 500 },
    ]);
    expect(rows.map((r) => r.label)).toEqual(["Video", "Image"]);
    expect(totals(rows)).toEqual({ files: 4, bytes: 510 });
  });
});
