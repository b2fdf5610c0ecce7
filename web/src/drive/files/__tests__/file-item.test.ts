import { describe, expect, it } from "vitest";
import { fileContentUrl, previewTypeOf, thumbnailUrlOf, toFileItem, toSize } from "../file-item";

describe("previewTypeOf", () => {
  it.each([
    ["a.gif", "image"],
    ["a.JPG", "image"],
    ["b.webp", "image"],
    ["notes.md", "markdown"],
    ["notes.mdown", "markdown"],
    ["doc.pdf", "pdf"],
    ["sheet.xlsx", "office"],
    ["slides.ppt", "office"],
    ["main.rs", "code"],
    ["sub.srt", "code"],
    ["changes.diff", "code"],
    ["movie.mkv", "video"],
    ["list.m3u8", "video"],
    ["song.opus", "audio"],
    ["book.epub", "epub"],
  ])("%s is %s", (name, type) => {
    expect(previewTypeOf(name)).toBe(type);
  });

  it("has no preview for unknown or missing extensions", () => {
    expect(previewTypeOf("archive.zip")).toBeUndefined();
    expect(previewTypeOf("README")).toBeUndefined();
    expect(previewTypeOf(".bashrc")).toBeUndefined();
  });

  it("treats .ts as code unless the mime type says video", () => {
    expect(previewTypeOf("index.ts", "text/typescript")).toBe("code");
    expect(previewTypeOf("clip.ts", "video/mp2t")).toBe("video");
  });
});

describe("toSize", () => {
  it("converts strings and defaults to 0", () => {
    expect(toSize("1048576")).toBe(1048576);
    expect(toSize(42)).toBe(42);
    expect(toSize(undefined)).toBe(0);
    expect(toSize("abc")).toBe(0);
  });
});

describe("toFileItem", () => {
  const base = {
    id: "f1",
    name: "photo.png",
    type: "file" as const,
    mimeType: "image/png",
    updatedAt: "2025-01-31T10:20:30Z",
  };

  it("derives a file", () => {
    const item = toFileItem({ ...base, size: 10, encrypted: true });
    expect(item).toMatchObject({
      isDir: false,
      type: "file",
      size: 10,
      previewType: "image",
      openable: true,
      isEncrypted: true,
      thumbnailUrl: undefined,
    });
    expect(item.modDate.toISOString()).toBe("2025-01-31T10:20:30.000Z");
  });

  it("marks drive/folder as a folder with size 0", () => {
    const item = toFileItem({ id: "d", name: "Docs.pdf", type: "folder", mimeType: "drive/folder" });
    expect(item).toMatchObject({ isDir: true, size: 0, previewType: undefined, openable: true, isEncrypted: false });
  });

  it("is not openable without a preview type", () => {
    expect(toFileItem({ ...base, name: "x.zip", mimeType: "application/zip" }).openable).toBe(false);
  });

  it("builds a thumbnail URL through the resizer host only when one is set", () => {
    const withHost = toFileItem(base, {
      resizerHost: "https://resize.example",
      origin: "https://drive.example",
      hash: "h1",
    });
    const url = new URL(withHost.thumbnailUrl ?? "");
    expect(url.origin).toBe("https://resize.example");
    expect(url.searchParams.get("width")).toBe("360");
    expect(url.searchParams.get("url")).toBe("https://drive.example/api/files/f1/photo.png?hash=h1");
    expect(toFileItem(base, { resizerHost: "", origin: "https://drive.example" }).thumbnailUrl).toBeUndefined();
    expect(
      toFileItem({ ...base, name: "a.pdf" }, { resizerHost: "https://r.example", origin: "https://d.example" })
        .thumbnailUrl,
    ).toBeUndefined();
  });
});

describe("content and thumbnail URLs", () => {
  it("percent-encodes the name", () => {
    expect(fileContentUrl({ origin: "http://x", id: "1", name: "a b#.png" })).toBe("http://x/api/files/1/a%20b%23.png");
  });
  it("keeps a path on the resizer host", () => {
    expect(thumbnailUrlOf("https://r.example/resize", "http://x/a")).toBe(
      "https://r.example/resize?url=http%3A%2F%2Fx%2Fa&width=360",
    );
  });
});
