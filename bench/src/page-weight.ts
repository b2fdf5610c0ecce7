// Bytes on the wire of the JavaScript and CSS each page really loads in Chromium (every script and stylesheet
// response, as the server sent it: Brotli or gzip where it compresses).
import type { BrowserContext } from "playwright-core";

export interface PageWeight {
  path: string;
  jsWire: number;
  cssWire: number;
  jsFiles: number;
  cssFiles: number;
}

export async function measurePage(context: BrowserContext, url: string, label = url): Promise<PageWeight> {
  const page = await context.newPage();
  const bodies: Promise<{ kind: "js" | "css"; size: number }>[] = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    const kind = type === "script" ? "js" : type === "stylesheet" ? "css" : undefined;
    if (!kind || res.status() >= 300) return;
    // The body as sent: Content-Length is the encoded size (Brotli or gzip when compressed; the server sends it for
    // every client asset). Chromium's own count is unreliable for responses it revalidated or reused.
    bodies.push(
      res.finished().then(async () => {
        const length = Number((await res.allHeaders())["content-length"]);
        return { kind, size: Number.isFinite(length) && length > 0 ? length : (await res.body()).length };
      }),
    );
  });
  // Lazy route chunks and data load after `load`; networkidle waits for them.
  await page.goto(url, { waitUntil: "networkidle" });
  // Bodies still being read when the page closes fail: wait until no response has come in while waiting.
  let loaded: Awaited<(typeof bodies)[number]>[] = [];
  do loaded = await Promise.all(bodies);
  while (loaded.length !== bodies.length);
  await page.close();
  const sum = (kind: "js" | "css") => loaded.filter((b) => b.kind === kind).reduce((a, b) => a + b.size, 0);
  return {
    path: label,
    jsWire: sum("js"),
    cssWire: sum("css"),
    jsFiles: loaded.filter((b) => b.kind === "js").length,
    cssFiles: loaded.filter((b) => b.kind === "css").length,
  };
}

/** /my-drive and /share/{id} signed in; /login signed out (a signed-in user is sent on to /my-drive). */
export async function measurePages(context: BrowserContext, shareId: string): Promise<PageWeight[]> {
  const results = [
    await measurePage(context, "/my-drive?path=/", "/my-drive"),
    await measurePage(context, `/share/${shareId}`, "/share/{id}"),
  ];
  const cookies = await context.cookies();
  await context.clearCookies();
  try {
    results.splice(1, 0, await measurePage(context, "/login", "/login"));
  } finally {
    await context.addCookies(cookies);
  }
  return results;
}
