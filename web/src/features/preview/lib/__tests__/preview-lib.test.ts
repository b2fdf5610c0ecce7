import { describe, expect, it } from "vitest";
import type { FileItem } from "@/drive/files/file-item";
import { rcloneMediaUrl } from "../media-url";
import { neighbourIndex, previewableItems } from "../preview-nav";

const item = (id: string, over: Partial<FileItem> = {}): FileItem => ({
  id,
  name: `${id}.png`,
  type: "file",
  mimeType: "image/png",
  size: 1,
  updatedAt: "",
  encrypted: false,
  isDir: false,
  modDate: new Date(0),
  previewType: "image",
  openable: true,
  isEncrypted: false,
  ...over,
});

describe("rcloneMediaUrl", () => {
  it("joins the proxy, folder path and name with each segment encoded", () => {
    expect(rcloneMediaUrl("http://media.local:8090/", "/My Music/a#b", "x?.mp3")).toBe(
      "http://media.local:8090/My%20Music/a%23b/x%3F.mp3",
    );
    expect(rcloneMediaUrl("http://h/base", "/", "a.mp4")).toBe("http://h/base/a.mp4");
  });
});

describe("preview navigation", () => {
  it("walks previewable files only, in list order", () => {
    const folder = item("f", { isDir: true, type: "folder", previewType: undefined, openable: false });
    const list = [item("a"), folder, item("b"), item("z", { previewType: undefined, openable: false })];
    expect(previewableItems(list, list[0] as FileItem).map((i) => i.id)).toEqual(["a", "b"]);
  });
  it("keeps a file that cannot be previewed on its own", () => {
    const odd = item("z", { previewType: undefined, openable: false });
    expect(previewableItems([item("a"), odd], odd).map((i) => i.id)).toEqual(["z"]);
  });
  it("stops at both ends", () => {
    expect(neighbourIndex(3, 0, -1)).toBeUndefined();
    expect(neighbourIndex(3, 0, 1)).toBe(1);
    expect(neighbourIndex(3, 2, 1)).toBeUndefined();
  });
});
