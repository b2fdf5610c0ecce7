import { describe, expect, it } from "vitest";
import { fromDataTransfer, fromPickedFiles } from "../collect-files";

type Tree = { [name: string]: Tree | string };

/** Fake FileSystemEntry objects as Chromium hands them out for a dropped folder (readEntries in batches). */
function entry(name: string, node: Tree | string, batch = 2): FileSystemEntry {
  if (typeof node === "string") {
    return {
      name,
      isFile: true,
      isDirectory: false,
      file: (ok: (f: File) => void) => ok(new File([node], name)),
    } as unknown as FileSystemEntry;
  }
  const children = Object.entries(node).map(([n, c]) => entry(n, c, batch));
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let offset = 0;
      return {
        readEntries: (ok: (e: FileSystemEntry[]) => void) => {
          ok(children.slice(offset, offset + batch));
          offset += batch;
        },
      };
    },
  } as unknown as FileSystemEntry;
}

function dataTransfer(entries: FileSystemEntry[]): DataTransfer {
  const items = entries.map((e) => ({ kind: "file", webkitGetAsEntry: () => e, getAsFile: () => null }));
  return { items } as unknown as DataTransfer;
}

describe("fromDataTransfer", () => {
  it("walks dropped folders, reading every batch, into folder paths under the destination", async () => {
    const tree = entry("photos", {
      "a.jpg": "a",
      "b.jpg": "b",
      "c.jpg": "c",
      "2024": { "d.jpg": "d", summer: { "e.jpg": "e" } },
    });
    const loose = entry("notes.txt", "n");
    const uploads = await fromDataTransfer(dataTransfer([tree, loose]), "/Inbox");
    expect(uploads.map((u) => `${u.folderPath}|${u.file.name}`).sort()).toEqual([
      "/Inbox/photos/2024/summer|e.jpg",
      "/Inbox/photos/2024|d.jpg",
      "/Inbox/photos|a.jpg",
      "/Inbox/photos|b.jpg",
      "/Inbox/photos|c.jpg",
      "/Inbox|notes.txt",
    ]);
  });
});

describe("fromPickedFiles", () => {
  it("uses the relative path of folder picks", () => {
    const file = new File(["x"], "d.jpg");
    Object.defineProperty(file, "webkitRelativePath", { value: "photos/2024/d.jpg" });
    const plain = new File(["y"], "y.txt");
    expect(fromPickedFiles([file, plain], "/").map((u) => u.folderPath)).toEqual(["/photos/2024", "/"]);
  });
});
