import { beforeEach, describe, expect, it, vi } from "vitest";

// Each test is a fresh page load: the module reads sessionStorage once per load.
async function pageLoad() {
  vi.resetModules();
  return import("../interrupted-uploads");
}

const file = (name: string, size: number, lastModified: number) =>
  new File([new Uint8Array(size)], name, { lastModified });

beforeEach(() => sessionStorage.clear());

describe("uploads interrupted by a reload", () => {
  it("offers what was still uploading before the reload, and nothing on a fresh tab", async () => {
    let page = await pageLoad();
    expect(page.interruptedUploads()).toEqual([]);
    page.rememberActive([
      { name: "a.mov", folderPath: "/Videos", size: 3, lastModified: 10 },
      { name: "b.jpg", folderPath: "/", size: 2, lastModified: 20 },
    ]);
    page = await pageLoad();
    expect(page.interruptedUploads().map((u) => u.name)).toEqual(["a.mov", "b.jpg"]);
    // Still offered after another reload until resumed or dismissed.
    page = await pageLoad();
    expect(page.interruptedUploads()).toHaveLength(2);
    page.dismissInterrupted();
    page = await pageLoad();
    expect(page.interruptedUploads()).toEqual([]);
  });

  it("matches files picked again by name, size and date, to their folders, and keeps the rest offered", async () => {
    let page = await pageLoad();
    page.rememberActive([
      { name: "a.mov", folderPath: "/Videos", size: 3, lastModified: 10 },
      { name: "b.jpg", folderPath: "/", size: 2, lastModified: 20 },
    ]);
    page = await pageLoad();
    const { resume, unknown } = page.matchInterrupted([
      file("a.mov", 3, 10),
      file("b.jpg", 2, 99), // another file of the same name
    ]);
    expect(resume.map((r) => [r.file.name, r.folderPath])).toEqual([["a.mov", "/Videos"]]);
    expect(unknown.map((f) => f.name)).toEqual(["b.jpg"]);
    expect(page.interruptedUploads().map((u) => u.name)).toEqual(["b.jpg"]);
  });

  it("does not offer files whose upload ended before the reload", async () => {
    let page = await pageLoad();
    page.rememberActive([{ name: "a", folderPath: "/", size: 1, lastModified: 1 }]);
    page.rememberActive([]);
    page = await pageLoad();
    expect(page.interruptedUploads()).toEqual([]);
  });
});
