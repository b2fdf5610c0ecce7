// Makes the browser see a real Teldrive 1.8 server where it differs from ours in what the client can observe.
import type { BrowserContext, Page } from "@playwright/test";

/**
 * Teldrive 1.8 has no `GET /api/capabilities`: its router answers `404 page not found` as text/plain. This answer
 * replaces ours; every other call still goes to our real server, so the client takes Teldrive 1.8's behaviour for
 * everything /capabilities describes (QR sign-in offered, search text that ignores `path`, dates as UTC days).
 */
export async function asTeldrive18(target: Page | BrowserContext): Promise<void> {
  await target.route("**/api/capabilities", (route) =>
    route.fulfill({ status: 404, contentType: "text/plain; charset=utf-8", body: "404 page not found\n" }),
  );
}
