import { describe, expect, it } from "vitest";
import { toFileItem } from "@/drive/files/file-item";
import { describeItem, typeLabel } from "../describe-item";

describe("describeItem", () => {
  it("announces name, type, size and date", () => {
    const item = toFileItem({
      id: "1",
      name: "report.pdf",
      type: "file",
      mimeType: "application/pdf",
      size: 2048,
      updatedAt: "2025-01-31T10:20:00Z",
      encrypted: true,
    });
    const text = describeItem(item, "en-US");
    expect(text).toMatch(/^report\.pdf, PDF file, 2 KB, modified Jan 31, 2025/);
    expect(text).toMatch(/encrypted$/);
  });
  it("names folders and unknown types", () => {
    expect(typeLabel(toFileItem({ id: "d", name: "Docs", type: "folder", mimeType: "drive/folder" }))).toBe("Folder");
    expect(typeLabel(toFileItem({ id: "z", name: "a.zip", type: "file" }))).toBe("ZIP file");
    expect(typeLabel(toFileItem({ id: "z", name: "a.mkv", type: "file" }))).toBe("Video file");
    expect(typeLabel(toFileItem({ id: "z", name: "Makefile", type: "file" }))).toBe("File");
  });
});
