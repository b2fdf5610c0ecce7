import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { chapterDocument, openEpub, resolveZipPath } from "../epub-book";

async function sampleBook(): Promise<ArrayBuffer> {
  const zip = new JSZip();
  zip.file("mimetype", "application/epub+zip");
  zip.file(
    "META-INF/container.xml",
    '<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/book.opf"/></rootfiles></container>',
  );
  zip.file(
    "OPS/book.opf",
    '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Tales</dc:title></metadata><manifest><item id="a" href="text/one.xhtml"/><item id="b" href="text/two.xhtml"/><item id="css" href="style.css"/><item id="pic" href="img/p.png"/></manifest><spine><itemref idref="b"/><itemref idref="a"/></spine></package>',
  );
  zip.file(
    "OPS/text/one.xhtml",
    '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title><link rel="stylesheet" href="../style.css"/></head><body onload="alert(1)"><p onclick="alert(2)">First</p><p/><img src="../img/p.png" alt="pic"/><img src="https://example.com/x.png"/><script>alert(3)</script></body></html>',
  );
  zip.file("OPS/text/two.xhtml", '<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Second</p></body></html>');
  zip.file("OPS/style.css", "p { color: red; background: url(https://example.com/bg.png) }");
  zip.file("OPS/img/p.png", new Uint8Array([137, 80, 78, 71]));
  return zip.generateAsync({ type: "arraybuffer" });
}

describe("resolveZipPath", () => {
  it("resolves relative references against the referring file", () => {
    expect(resolveZipPath("OPS/book.opf", "text/one.xhtml")).toBe("OPS/text/one.xhtml");
    expect(resolveZipPath("OPS/text/one.xhtml", "../img/p%20q.png#x")).toBe("OPS/img/p q.png");
  });
});

describe("openEpub", () => {
  it("lists the chapters in spine order with the title", async () => {
    const book = await openEpub(await sampleBook());
    expect(book.title).toBe("Tales");
    expect(book.chapters).toEqual(["OPS/text/two.xhtml", "OPS/text/one.xhtml"]);
  });
  it("refuses a file that is not a book", async () => {
    const zip = new JSZip();
    zip.file("a.txt", "x");
    await expect(openEpub(await zip.generateAsync({ type: "arraybuffer" }))).rejects.toThrow();
  });
});

describe("chapterDocument", () => {
  it("drops scripts, handlers and outside images, and inlines the book's own images and styles", async () => {
    const book = await openEpub(await sampleBook());
    const html = await chapterDocument(book, 1);
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.querySelectorAll("script")).toHaveLength(0);
    expect(html).not.toMatch(/onload|onclick|alert/);
    expect(html).not.toContain("example.com");
    const images = Array.from(doc.querySelectorAll("img"));
    expect(images[0]?.getAttribute("src")).toBe("data:image/png;base64,iVBORw==");
    expect(images[1]?.hasAttribute("src")).toBe(false);
    expect(doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content")).toContain(
      "default-src 'none'",
    );
    expect(doc.body.textContent).toContain("First");
    expect(doc.querySelectorAll("body > p")).toHaveLength(2);
  });
});
