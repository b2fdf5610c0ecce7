import JSZip from "jszip";

/** An opened EPUB: its chapters in reading order, read from the zip on demand. */
export interface EpubBook {
  title: string;
  chapters: string[];
  zip: JSZip;
}

/** Resolves `href` (relative, maybe with a #fragment) against the zip path of the document using it. */
export function resolveZipPath(from: string, href: string): string {
  const clean = decodeURIComponent(href.split("#")[0] ?? "");
  const parts = from.split("/").slice(0, -1);
  for (const segment of clean.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== "." && segment !== "") parts.push(segment);
  }
  return parts.join("/");
}

function parseXml(text: string, what: string): Document {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  if (doc.getElementsByTagName("parsererror").length > 0) throw new Error(`${what} is not valid XML`);
  return doc;
}

async function readText(zip: JSZip, path: string): Promise<string> {
  const entry = zip.file(path);
  if (!entry) throw new Error(`${path} is missing from the book`);
  return entry.async("text");
}

/** Reads the container and package documents to find the chapters (the spine). */
export async function openEpub(data: ArrayBuffer): Promise<EpubBook> {
  const zip = await JSZip.loadAsync(data);
  const container = parseXml(await readText(zip, "META-INF/container.xml"), "container.xml");
  const opfPath = container.getElementsByTagName("rootfile")[0]?.getAttribute("full-path");
  if (!opfPath) throw new Error("the book has no package document");
  const opf = parseXml(await readText(zip, opfPath), "the package document");
  const manifest = new Map<string, string>();
  for (const item of Array.from(opf.getElementsByTagName("item"))) {
    const id = item.getAttribute("id");
    const href = item.getAttribute("href");
    if (id && href) manifest.set(id, resolveZipPath(opfPath, href));
  }
  const chapters = Array.from(opf.getElementsByTagName("itemref"))
    .map((ref) => manifest.get(ref.getAttribute("idref") ?? ""))
    .filter((path): path is string => path !== undefined && zip.file(path) !== null);
  if (chapters.length === 0) throw new Error("the book has no chapters");
  const title = opf.getElementsByTagNameNS("*", "title")[0]?.textContent?.trim() ?? "";
  return { title, chapters, zip };
}

const MIME_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
};

async function dataUrl(zip: JSZip, path: string): Promise<string | undefined> {
  const entry = zip.file(path);
  const mime = MIME_BY_EXTENSION[path.split(".").pop()?.toLowerCase() ?? ""];
  if (!entry || !mime) return undefined;
  return `data:${mime};base64,${await entry.async("base64")}`;
}

/**
 * Only the book's own images (as data URLs) and inline styles may load; no scripts, no other hosts.
 * The reader also sandboxes the frame without scripts, so this is a second lock.
 */
const CHAPTER_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** Pages are CSS columns one frame wide; the reader scrolls from column to column. */
const PAGED_STYLE = `html { height: 100%; overflow: hidden; }
body { height: 100%; margin: 0; padding: 2rem 0; box-sizing: border-box; column-width: 100vw; column-gap: 0;
  font: 1.05rem/1.6 Georgia, serif; color: #1a1b21; background: #fff; }
body > * { margin-left: 2rem !important; margin-right: 2rem !important; }
img, svg { max-width: calc(100vw - 4rem); max-height: calc(100vh - 4rem); object-fit: contain; }`;

/**
 * One chapter as a self-contained HTML document for a sandboxed frame: scripts, event handlers and
 * outside references removed, the book's images and stylesheets inlined.
 */
export async function chapterDocument(book: EpubBook, index: number): Promise<string> {
  const path = book.chapters[index];
  if (path === undefined) throw new Error(`no chapter ${index + 1}`);
  const text = await readText(book.zip, path);
  let doc = new DOMParser().parseFromString(text, "application/xhtml+xml");
  if (doc.getElementsByTagName("parsererror").length > 0) doc = new DOMParser().parseFromString(text, "text/html");

  for (const el of Array.from(doc.querySelectorAll("script, iframe, object, embed, form, base, meta"))) el.remove();
  for (const el of Array.from(doc.querySelectorAll("*"))) {
    for (const attr of Array.from(el.attributes))
      if (attr.name.toLowerCase().startsWith("on")) el.removeAttribute(attr.name);
  }
  const styles: string[] = [];
  for (const link of Array.from(doc.querySelectorAll("link"))) {
    const href = link.getAttribute("href");
    if (link.getAttribute("rel")?.includes("stylesheet") && href) {
      const css = await book.zip.file(resolveZipPath(path, href))?.async("text");
      // url() in a book's CSS would point into the zip; fonts and backgrounds are dropped rather than fetched.
      if (css) styles.push(css.replace(/url\([^)]*\)/g, "none"));
    }
    link.remove();
  }
  for (const img of Array.from(doc.querySelectorAll("img"))) {
    const src = img.getAttribute("src");
    const inlined = src ? await dataUrl(book.zip, resolveZipPath(path, src)) : undefined;
    if (inlined) img.setAttribute("src", inlined);
    else img.removeAttribute("src");
  }
  for (const image of Array.from(doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "image"))) {
    const href = image.getAttribute("href") ?? image.getAttributeNS("http://www.w3.org/1999/xlink", "href");
    const inlined = href ? await dataUrl(book.zip, resolveZipPath(path, href)) : undefined;
    image.removeAttributeNS("http://www.w3.org/1999/xlink", "href");
    if (inlined) image.setAttribute("href", inlined);
    else image.removeAttribute("href");
  }

  // Rebuilt as an HTML document so it serialises as HTML (an XHTML "<p/>" would not parse back as intended).
  const out = document.implementation.createHTMLDocument(doc.querySelector("title")?.textContent ?? "");
  const csp = out.createElement("meta");
  csp.httpEquiv = "Content-Security-Policy";
  csp.content = CHAPTER_CSP;
  out.head.prepend(csp);
  for (const css of [...styles, PAGED_STYLE]) {
    const style = out.createElement("style");
    style.textContent = css;
    out.head.append(style);
  }
  const body = doc.body ?? doc.getElementsByTagName("body")[0];
  for (const child of Array.from(body?.childNodes ?? [])) out.body.append(out.importNode(child, true));
  return `<!doctype html>${out.documentElement.outerHTML}`;
}
