// A tab left open for a week on API-B, with lifetimes configured short (ACCESS_TOKEN_TTL_SECONDS,
// REFRESH_TOKEN_TTL_SECONDS) so a week's worth of expiries and rotations happens in seconds. The test waits for
// states (refreshes answered, a refresh token's lifetime passed), never for a fixed time.
import { DriveApi, expect, test, uniquePhone } from "../../fixtures.js";
import { type DriveServer, startDriveServer } from "../../lib/server.js";

/** The client renews an access token 30 s before it lapses (token-schedule.ts): 32 s means about every 2 s. */
const ACCESS_SECONDS = 32;
/** Shorter than the walk below, so every refresh token the tab started with has lapsed by its end. */
const REFRESH_SECONDS = 12;

let main: DriveServer;
test.beforeAll(async () => {
  main = await startDriveServer({
    env: {
      COMPAT: "teldrive-main",
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_SECONDS),
      REFRESH_TOKEN_TTL_SECONDS: String(REFRESH_SECONDS),
    },
  });
});
test.afterAll(async () => {
  await main.stop();
});

test("stays signed in across many access and refresh lifetimes, each refresh rotating the token", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: main.baseURL });
  const page = await context.newPage();
  const api = new DriveApi(context.request);
  const refreshes: number[] = [];
  page.on("response", (res) => {
    if (res.url().endsWith("/api/auth/refresh")) refreshes.push(res.status());
  });
  const phone = uniquePhone();
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Phone number" }).fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByRole("textbox", { name: "Code" }).fill(await main.codeFor(phone));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my-drive/);
  // Signed out, the login page tried a refresh (401, no cookie): only those after signing in count.
  refreshes.length = 0;

  const refreshCookie = async () => (await context.cookies()).find((c) => c.name === "refresh_token");
  const first = await refreshCookie();
  expect(first?.expires).toBeGreaterThan(0);
  const firstLapsesAt = (first?.expires ?? 0) * 1000;
  const tokens = new Set<string>();
  // Until the refresh token the tab signed in with has lapsed, and the tab has refreshed once more since.
  await expect
    .poll(
      async () => {
        const now = await refreshCookie();
        if (now) tokens.add(now.value);
        return Date.now() > firstLapsesAt && refreshes.length >= 3 && tokens.size >= 3;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
  expect(refreshes).toEqual(refreshes.map(() => 204));

  // Still signed in: what the user does next works, with no sign-in page in between.
  await api.createFolder("still here", "/");
  await page.goto("/my-drive?path=/");
  await expect(page.getByTestId("file-list").getByRole("row").filter({ hasText: "still here" })).toBeVisible();
  await expect(page).toHaveURL(/\/my-drive/);

  // The access cookie gone (a laptop asleep past its life): the next request renews it and goes through.
  const before = refreshes.length;
  await context.clearCookies({ name: "access_token" });
  await page.reload();
  await expect(page.getByTestId("file-list").getByRole("row").filter({ hasText: "still here" })).toBeVisible();
  await expect(page).toHaveURL(/\/my-drive/);
  expect(refreshes.length).toBeGreaterThan(before);
  await context.close();
});
