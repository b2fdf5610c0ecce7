import { describe, expect, it } from "vitest";
import type { ServerFile } from "@/drive/files/file-item";
import { SHARE_FOLDER_ID, shareFolderPaths, shareThumbnailUrl, toShareItem } from "../share-items";

const file = (name: string, mimeType: string, extra: Partial<ServerFile> = {}): ServerFile => ({
  id: `id-${name}`,
  name,
  type: "file",
  mimeType,
  size: 10,
  updatedAt: "2026-01-02T03:04:05Z",
  ...extra,
});
const ours = { thumbnails: true, videoPosters: false };

describe("toShareItem", () => {
  it("gives pictures the share's own thumbnails at both widths, versioned by content", () => {
    const item = toShareItem(file("a b.png", "image/png", { hash: "abcdef" }), "s/1", ours);
    expect(item.thumbnailUrl).toBe(
      `/api/shares/s%2F1/thumbnails/id-a%20b.png?w=360&${new URLSearchParams({ v: "2026-01-02T03:04:05Z~10~abcdef" })}`,
    );
    expect(item.thumbnailSrcSet).toMatch(
      /\?w=360&v=[^ ]+ 360w, \/api\/shares\/s%2F1\/thumbnails\/id-a%20b\.png\?w=720&v=\S+ 720w$/,
    );
    expect(item.thumbnailUrl).not.toContain("/api/thumbnails/");
  });

  it("gives videos a poster from the server where it renders them, else the share's content to draw one from", () => {
    const drawn = toShareItem(file("clip.mp4", "video/mp4"), "s1", ours);
    expect(drawn.thumbnailUrl).toBeUndefined();
    expect(drawn.posterFrom).toBe("/api/shares/s1/files/id-clip.mp4/clip.mp4");
    const rendered = toShareItem(file("clip.mp4", "video/mp4"), "s1", { thumbnails: true, videoPosters: true });
    expect(rendered.thumbnailUrl).toMatch(/^\/api\/shares\/s1\/thumbnails\/id-clip\.mp4\?w=360/);
  });

  it("gives nothing where the server renders no thumbnails (a real Teldrive), nor to folders and documents", () => {
    const none = { thumbnails: false, videoPosters: false };
    expect(toShareItem(file("a.png", "image/png"), "s1", none).thumbnailUrl).toBeUndefined();
    expect(toShareItem(file("a.mp4", "video/mp4"), "s1", none).posterFrom).toBeUndefined();
    expect(toShareItem(file("a.txt", "text/plain"), "s1", ours).thumbnailUrl).toBeUndefined();
    const folder = toShareItem(file("Photos", "drive/folder", { type: "folder" }), "s1", ours);
    expect(folder.isDir).toBe(true);
    expect(folder.thumbnailUrl).toBeUndefined();
  });

  it("keeps the version short in the URL", () => {
    expect(shareThumbnailUrl("s", { id: "f", version: "x".repeat(200) }, 720)).toBe(
      `/api/shares/s/thumbnails/f?w=720&v=${"x".repeat(64)}`,
    );
  });
});

describe("shareFolderPaths", () => {
  it("knows the starting folder and every folder listed below it, by id", () => {
    const paths = shareFolderPaths("/Trip");
    expect(paths.pathOf(SHARE_FOLDER_ID)).toBe("/Trip");
    paths.remember("/Trip", [
      file("day 1", "drive/folder", { id: "d1", type: "folder" }),
      file("photo.png", "image/png", { id: "p" }),
    ]);
    paths.remember("/Trip/day 1", [file("x", "drive/folder", { id: "d2", type: "folder" })]);
    expect(paths.pathOf("d1")).toBe("/Trip/day 1");
    expect(paths.pathOf("d2")).toBe("/Trip/day 1/x");
    expect(paths.pathOf("p")).toBeUndefined();
    expect(paths.pathOf("elsewhere")).toBeUndefined();
  });
});
