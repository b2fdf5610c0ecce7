// Fails `npm test` when the JavaScript a first page makes the browser fetch passes the budget: Debian's Chromium
// opens the page on the real server and build, with a few folders and files in the drive, waits for the first rows
// (or the page's first content), then until the network is idle, and counts every script response's bytes as they
// crossed the wire (Brotli where the browser accepts it, as Chromium does). /my-drive (where a signed-in user lands),
// /login (a new visitor's first page), /share/{id} (a shared link's) and /request/{id} (a file request's).
import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { signInRequest, uniquePhone } from "../../e2e/lib/auth.js";
import { DriveApi } from "../../e2e/lib/drive-api.js";
import { startDriveServer, WEB_DIST } from "../../e2e/lib/server.js";
import { png } from "../../e2e/tests/files/samples.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./lib/environment.js";

// Issue 6's budget, measured compressed on the wire since issue 11, and as the browser fetches it since issue 26.
// React DOM, the router, React Query and the virtualiser are most of it; menus, popups, dialogs, toasts and viewers
// are fetched on first use (see bench/README.md).
const BUDGET = 150 * 1024;

interface Fetched {
  url: string;
  bytes: number;
  encoding: string;
}

/** Opens `url`, waits for `firstContent`, then for the network to be idle; every script fetched on the way. */
async function scriptsFetched(context: BrowserContext, url: string, firstContent: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const fetched: Promise<Fetched>[] = [];
  page.on("response", (res) => {
    const request = res.request();
    const script = request.resourceType() === "script" || /\.m?js(\?|$)/.test(new URL(res.url()).pathname);
    if (!script || res.status() >= 300) return;
    fetched.push(
      res.finished().then(async () => {
        const headers = await res.allHeaders();
        // Content-Length is the encoded size (the server sends it for every client asset); else the body as read.
        const length = Number(headers["content-length"]);
        const bytes = Number.isFinite(length) && length > 0 ? length : (await res.body()).length;
        return { url: new URL(res.url()).pathname, bytes, encoding: headers["content-encoding"] ?? "identity" };
      }),
    );
  });
  await page.goto(url, { waitUntil: "commit" });
  await firstContent(page);
  await page.waitForLoadState("networkidle");
  const all = await Promise.all(fetched);
  await page.close();
  return all;
}

if (!fs.existsSync(path.join(WEB_DIST, "index.html"))) {
  console.error(`no client build in ${WEB_DIST} (npm run build -w web)`);
  process.exit(1);
}
const server = await startDriveServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
let failed = false;
try {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
  await signInRequest(server, context.request, uniquePhone());
  const api = new DriveApi(context.request);
  // A drive as a new user has it after a first visit: a few folders and files of the common kinds.
  for (const folder of ["Documents", "Photos", "Music"]) await api.mkdir(`/${folder}`);
  await api.uploadFile("/", "notes.txt", "first notes", { mimeType: "text/plain" });
  await api.uploadFile("/", "report.pdf", "%PDF-1.4 not really", { mimeType: "application/pdf" });
  await api.uploadFile("/", "beach.png", png(64, [40, 120, 200]), { mimeType: "image/png" });
  const shared = await api.uploadFile("/", "shared.txt", "for everyone", { mimeType: "text/plain" });
  const shareId = await api.share(shared.id ?? "");
  const inbox = await api.createFolder("Inbox");
  const request = await context.request.post("/api/file-requests", {
    data: { folderId: inbox.id, title: "Send me files" },
  });
  const requestId = ((await request.json()) as { id: string }).id;

  const pages: { label: string; url: string; signedIn: boolean; first: (page: Page) => Promise<void> }[] = [
    {
      label: "/my-drive",
      url: "/my-drive?path=%2F",
      signedIn: true,
      first: (page) => page.getByRole("row", { name: /^notes\.txt,/ }).waitFor(),
    },
    { label: "/login", url: "/login", signedIn: false, first: (page) => page.getByRole("textbox").first().waitFor() },
    {
      label: "/share/{id}",
      url: `/share/${shareId}`,
      signedIn: true,
      first: (page) => page.getByText("shared.txt").first().waitFor(),
    },
    {
      label: "/request/{id}",
      url: `/request/${requestId}`,
      signedIn: false,
      first: (page) => page.getByRole("heading", { name: "Send me files" }).waitFor(),
    },
  ];
  const cookies = await context.cookies();
  for (const target of pages) {
    if (target.signedIn) await context.addCookies(cookies);
    else await context.clearCookies();
    const files = await scriptsFetched(context, target.url, target.first);
    const total = files.reduce((sum, f) => sum + f.bytes, 0);
    console.log(`${target.label}: JavaScript the browser fetched until the network was idle after the first content:`);
    for (const f of files)
      console.log(`  ${(f.bytes / 1024).toFixed(1).padStart(7)} KB  ${f.encoding.padEnd(8)} ${f.url}`);
    const kb = (total / 1024).toFixed(1);
    if (files.length === 0) {
      console.error(`${target.label}: no JavaScript fetched`);
      failed = true;
    } else if (total > BUDGET) {
      console.error(`${target.label}: ${kb} KB of JavaScript on the wire, over the ${BUDGET / 1024} KB budget`);
      failed = true;
    } else console.log(`${target.label}: ${kb} KB of JavaScript on the wire, within the ${BUDGET / 1024} KB budget`);
  }
} finally {
  await browser.close();
  await server.stop();
}
if (failed) process.exit(1);
