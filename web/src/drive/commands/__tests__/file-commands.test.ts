import { describe, expect, it } from "vitest";
import { toFileItem } from "@/drive/files/file-item";
import { fileCommandsFor } from "../file-commands";

const file = toFileItem({ id: "1", name: "a.png", type: "file", mimeType: "image/png" });
const folder = toFileItem({ id: "2", name: "Docs", type: "folder", mimeType: "drive/folder" });
const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe("fileCommandsFor", () => {
  it("offers creation in a folder when nothing is selected", () => {
    expect(ids(fileCommandsFor([], { canCreate: true }))).toEqual(["newFolder", "upload", "uploadFolder"]);
    expect(fileCommandsFor([], { canCreate: false })).toEqual([]);
  });
  it("offers every item command for one file", () => {
    expect(ids(fileCommandsFor([file], { canCreate: true }))).toEqual([
      "open",
      "rename",
      "move",
      "copy",
      "download",
      "share",
      "copyLink",
      "star",
      "details",
      "remove",
    ]);
  });
  it("offers a file request for one folder where the server has them", () => {
    const withRequests = (items: (typeof file)[]) =>
      ids(fileCommandsFor(items, { canCreate: true, fileRequests: true }));
    expect(withRequests([folder])).toContain("requestFiles");
    expect(withRequests([folder]).indexOf("requestFiles")).toBe(withRequests([folder]).indexOf("share") + 1);
    expect(withRequests([file])).not.toContain("requestFiles");
    expect(withRequests([folder, folder])).not.toContain("requestFiles");
    expect(ids(fileCommandsFor([folder], { canCreate: true }))).not.toContain("requestFiles");
  });
  it("downloads a folder as a zip, and does not link it", () => {
    expect(ids(fileCommandsFor([folder], { canCreate: true }))).toEqual([
      "open",
      "rename",
      "move",
      "copy",
      "downloadZip",
      "share",
      "star",
      "details",
      "remove",
    ]);
  });
  it("offers only bulk commands for several items, a zip of them among them", () => {
    expect(ids(fileCommandsFor([file, folder], { canCreate: true }))).toEqual([
      "move",
      "copy",
      "downloadZip",
      "star",
      "remove",
    ]);
    expect(ids(fileCommandsFor([file, file], { canCreate: true }))).toEqual([
      "move",
      "copy",
      "download",
      "downloadZip",
      "star",
      "remove",
    ]);
  });
});

describe("Starred", () => {
  it("adds to Starred, or removes when every selected item is starred", () => {
    const label = (starred: boolean) =>
      fileCommandsFor([file, folder], { canCreate: false, starred }).find((c) => c.id === "star")?.label;
    expect(label(false)).toBe("Add to Starred");
    expect(label(true)).toBe("Remove from Starred");
  });
});

describe("Show in folder", () => {
  it("is offered for one item with a parent, where the list is not one folder", () => {
    const inPhotos = toFileItem({ id: "3", name: "b.png", type: "file", mimeType: "image/png", parentId: "p" });
    expect(ids(fileCommandsFor([inPhotos], { canCreate: false, showInFolder: true }))).toContain("showInFolder");
    expect(ids(fileCommandsFor([inPhotos], { canCreate: true }))).not.toContain("showInFolder");
    expect(ids(fileCommandsFor([inPhotos, file], { canCreate: false, showInFolder: true }))).not.toContain(
      "showInFolder",
    );
  });
});
