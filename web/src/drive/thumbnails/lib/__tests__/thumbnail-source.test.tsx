import { fireEvent, render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FileIcon } from "@/drive/files/file-icon";
import { contentVersion, toFileItem } from "@/drive/files/file-item";
import { serverThumbnail, serverThumbnailUrl } from "../thumbnail-source";

const photo = {
  id: "0b7c2f6e-8d1a-4c55-9b8e-2f1d3a4b5c6d",
  name: "beach.jpg",
  type: "file" as const,
  mimeType: "image/jpeg",
  size: 1234,
  encrypted: false,
  updatedAt: "2026-11-20T10:00:00Z",
};

describe("server thumbnails", () => {
  it("asks for 360 and 720 wide pictures, versioned by the file's content", () => {
    const file = { id: photo.id, version: contentVersion(photo) };
    expect(serverThumbnailUrl(file, 360)).toBe(
      `/api/thumbnails/${photo.id}?w=360&v=2026-11-20T10%3A00%3A00Z%7E1234%7E`,
    );
    expect(serverThumbnail(file)).toEqual({
      src: serverThumbnailUrl(file, 360),
      srcSet: `${serverThumbnailUrl(file, 360)} 360w, ${serverThumbnailUrl(file, 720)} 720w`,
    });
  });

  it("gives a picture replaced within the same second a new address", () => {
    const opts = { origin: "https://drive.example", serverThumbnails: true };
    const before = toFileItem(photo, opts).thumbnailUrl;
    expect(toFileItem({ ...photo, size: 999 }, opts).thumbnailUrl).not.toBe(before);
    expect(toFileItem({ ...photo, hash: "ab12" }, opts).thumbnailUrl).not.toBe(before);
  });

  it("are asked for every picture type the server renders: AVIF and TIFF too", () => {
    const opts = { origin: "https://drive.example", serverThumbnails: true };
    for (const name of ["a.avif", "b.tif", "c.TIFF", "d.jpeg", "e.webp"]) {
      const item = toFileItem({ ...photo, name }, opts);
      expect(item.previewType, name).toBe("image");
      expect(item.thumbnailUrl, name).toMatch(/^\/api\/thumbnails\//);
    }
  });

  it("are used for images when the server has them, and a resizer host still comes first", () => {
    const origin = "https://drive.example";
    const own = toFileItem(photo, { origin, serverThumbnails: true });
    expect(own.thumbnailUrl).toBe(serverThumbnailUrl({ id: photo.id, version: contentVersion(photo) }, 360));
    expect(own.thumbnailSrcSet).toContain("720w");

    const resized = toFileItem(photo, { origin, serverThumbnails: true, resizerHost: "https://resize.example" });
    expect(resized.thumbnailUrl?.startsWith("https://resize.example/?url=")).toBe(true);
    expect(resized.thumbnailSrcSet).toBeUndefined();

    // Teldrive 1.8 without a resizer host: icons, as before.
    expect(toFileItem(photo, { origin, serverThumbnails: false }).thumbnailUrl).toBeUndefined();
    // Not an image: no thumbnail either way.
    expect(toFileItem({ ...photo, name: "a.pdf" }, { origin, serverThumbnails: true }).thumbnailUrl).toBeUndefined();
  });

  it("show as a lazy picture with both widths, and as the type icon when it fails", async () => {
    const item = toFileItem(photo, { origin: "https://drive.example", serverThumbnails: true });
    const { container } = render(<FileIcon item={item} large />);
    // The type icon first; the picture once the row has stayed a moment.
    expect(container.querySelector("svg")).not.toBeNull();
    await waitFor(() => expect(container.querySelector("img")).not.toBeNull());
    const img = container.querySelector("img");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("decoding", "async");
    expect(img).toHaveAttribute("srcset", item.thumbnailSrcSet);
    expect(img).toHaveAttribute("sizes", "240px");
    if (!img) throw new Error("no thumbnail");
    fireEvent.error(img);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("svg")).not.toBeNull();
  });
});
