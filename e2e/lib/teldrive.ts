// Makes the browser see a real Teldrive 1.8 server where it differs from ours in what the client can observe.
import type { BrowserContext, Page } from "@playwright/test";

/** Fields our `GET /files/{id}` adds to Teldrive's `File`. */
const OUR_FILE_FIELDS = ["createdAt", "partCount"];

/**
 * Teldrive 1.8 has no `GET /api/capabilities` and no `GET /api/shares` (the list of one's own shares): its router
 * answers `404 page not found` as text/plain. Those answers replace ours, and `GET /api/files/{id}` loses the fields
 * Teldrive does not send; every other call goes to our real server as it is, so the client takes Teldrive 1.8's
 * behaviour for everything /capabilities describes (QR sign-in offered, search text that ignores `path`, dates as
 * UTC days, no list of shares, no removing a share's password or expiry).
 */
export async function asTeldrive18(target: Page | BrowserContext): Promise<void> {
  const notFound = { status: 404, contentType: "text/plain; charset=utf-8", body: "404 page not found\n" };
  await target.route("**/api/capabilities", (route) => route.fulfill(notFound));
  await target.route(/\/api\/shares(\?.*)?$/, (route) => route.fulfill(notFound));
  await target.route(/\/api\/files\/[0-9a-f-]{36}$/, async (route) => {
    // The test may end while this is on its way (Playwright then fails the fetch): nobody waits for it any more.
    const response = await route.fetch().catch(() => undefined);
    if (!response) return;
    if (route.request().method() !== "GET" || !response.ok()) return route.fulfill({ response });
    // The page that asked may have gone on (a new page.goto): its response is disposed, and nobody waits for it.
    const file = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!file) return;
    for (const field of OUR_FILE_FIELDS) delete file[field];
    await route.fulfill({ response, json: file });
  });
}
