// Shared Playwright fixtures: a real drive server per worker, signed-in contexts, and an API helper for test data.
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { signInRequest, uniquePhone } from "./lib/auth.js";
import { DriveApi } from "./lib/drive-api.js";
import { type DriveServer, startDriveServer } from "./lib/server.js";

export type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
export { uniquePhone } from "./lib/auth.js";
export { DriveApi, setSettings, sha256 } from "./lib/drive-api.js";
export { expect };

export interface SignedInUser {
  phone: string;
}

export interface OtherSession {
  context: BrowserContext;
  api: DriveApi;
  phone: string;
}

type SignIn = (target: BrowserContext | Page, phone?: string, opts?: { password?: string }) => Promise<SignedInUser>;

interface TestFixtures {
  /** Signs a context (or a page's context) in through the websocket flow; the cookie lands in that context. */
  signIn: SignIn;
  /** A fresh user with a unique phone, signed in in this test's `context`. */
  user: SignedInUser;
  /** `page`, signed in as `user`, opened at `/`. */
  authedPage: Page;
  /** The API as `user`, through the context's request (shares its cookie). */
  api: DriveApi;
  /**
   * A further browser context (same viewport and baseURL as this test's), signed in as `phone` (default: a new
   * user). Pass `user.phone` for a second session of the same user. Closed after the test.
   */
  newSession: (phone?: string) => Promise<OtherSession>;
}

interface WorkerFixtures {
  server: DriveServer;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here.
    async ({}, use) => {
      const server = await startDriveServer();
      await use(server);
      await server.stop();
    },
    // The server is ready when it says so; this bound only stops a server that hangs from holding the run forever.
    { scope: "worker", timeout: 10 * 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  signIn: async ({ server }, use) => {
    await use(async (target, phone = uniquePhone(), opts = {}) => {
      const context = "context" in target ? target.context() : target;
      await signInRequest(server, context.request, phone, opts);
      return { phone };
    });
  },
  user: async ({ context, signIn }, use) => {
    await use(await signIn(context));
  },
  authedPage: async ({ page, user: _user }, use) => {
    await page.goto("/");
    // The drive has shown its first page: a request the test watches for afterwards is not this one, still on its
    // way on a busy machine.
    await expect(page.getByTestId("file-list")).toBeVisible();
    await use(page);
  },
  api: async ({ context, user: _user }, use) => {
    await use(new DriveApi(context.request));
  },
  newSession: async ({ browser, baseURL, viewport, isMobile, hasTouch, signIn }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (phone) => {
      const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
      opened.push(context);
      const { phone: signedIn } = await signIn(context, phone);
      return { context, api: new DriveApi(context.request), phone: signedIn };
    });
    for (const c of opened) await c.close();
  },
});
