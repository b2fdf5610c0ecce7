// The client's core journeys against a server answering as Teldrive main (API-B, `COMPAT=teldrive-main`): sign-in
// through auth attempts, cursor paging from both ends, upload, download and previews through `/content`, several
// links per file, delete, and Settings → API keys. The same server without COMPAT is the client's API-A path (every
// other spec); `COMPAT=teldrive-1.8` is Teldrive 1.x's (lib/teldrive.ts, trash.spec.ts).
import type { Browser, Page, Route } from "@playwright/test";
import { DriveApi, expect, setSettings, test, uniquePhone } from "../../fixtures.js";
import { type DriveServer, startDriveServer } from "../../lib/server.js";

let main: DriveServer;
test.beforeAll(async () => {
  main = await startDriveServer({ env: { COMPAT: "teldrive-main" } });
});
test.afterAll(async () => {
  await main.stop();
});

/** Signs in through the login page, as a user would: phone, the code the server printed, My Drive. */
async function signInThroughPage(page: Page, phone: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Phone number" }).fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  await page.getByRole("textbox", { name: "Code" }).fill(await main.codeFor(phone));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my-drive/);
}

async function signedInPage(browser: Browser, opts: { pageSize?: string } = {}) {
  const context = await browser.newContext({ baseURL: main.baseURL });
  const page = await context.newPage();
  if (opts.pageSize) await setSettings(page, { pageSize: opts.pageSize });
  const phone = uniquePhone();
  await signInThroughPage(page, phone);
  return { page, context, api: new DriveApi(context.request), phone };
}

const list = (page: Page) => page.getByTestId("file-list");
const row = (page: Page, name: string) => list(page).getByRole("row").filter({ hasText: name });

test("signs in through auth attempts with the same screens and texts as the websocket", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: main.baseURL });
  const page = await context.newPage();
  const phone = uniquePhone();
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Phone number" }).fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  const code = await main.codeFor(phone);
  const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
  await page.getByRole("textbox", { name: "Code" }).fill(wrong);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The code is not valid. Check it and try again.");
  await page.getByRole("textbox", { name: "Code" }).fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my-drive/);
  // The session lives on in a new tab: the access token cookie, renewed by the refresh token.
  const again = await context.newPage();
  await again.goto("/my-drive?path=/");
  await expect(again.getByRole("heading", { name: "My Drive" }).or(again.getByTestId("file-list"))).toBeVisible();
  await context.close();
});

test("a folder paged by cursor: End reaches the last file at once, scrolling back walks the head", async ({
  browser,
}) => {
  const { page, api, context } = await signedInPage(browser, { pageSize: "20" });
  for (let i = 0; i < 130; i++) {
    await api.uploadFile("/", `f${String(i).padStart(3, "0")}.txt`, `file ${i}`, { mimeType: "text/plain" });
  }
  await page.goto("/my-drive?path=/");
  await expect(row(page, "f000.txt")).toBeVisible();
  // 130 files in pages of 20: the count is a lower bound until the walks meet.
  await expect(list(page)).toHaveAttribute("aria-label", /\d+\+ items$/);
  await row(page, "f000.txt").click();
  await page.keyboard.press("End");
  await expect(row(page, "f129.txt")).toBeVisible();
  await expect(row(page, "f129.txt")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(row(page, "f000.txt")).toBeVisible();
  // Scrolling down from the top walks the head page by page into the middle, until it meets the tail: the count
  // turns exact.
  await list(page).hover();
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    await expect(row(page, "f064.txt")).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    await expect(list(page)).toHaveAttribute("aria-label", "My Drive", { timeout: 1000 });
  }).toPass();
  await page.keyboard.press("End");
  await expect(row(page, "f129.txt")).toBeVisible();
  await context.close();
});

test("scrolling up from the end through placeholders: rows on screen stay put as earlier pages arrive", async ({
  browser,
}) => {
  const { page, api, context } = await signedInPage(browser, { pageSize: "20" });
  test.setTimeout(300_000);
  await api.createFolder("rows");
  for (let i = 0; i < 300; i += 10)
    await Promise.all(
      Array.from({ length: 10 }, (_, j) => api.createFolder(`r${String(i + j).padStart(3, "0")}`, "/rows")),
    );
  // Pages are held here and let through one at a time, so the rows on screen can be measured before and after each.
  const held: Route[] = [];
  let holding = false;
  // Only paging is measured here: the live stream (which refetches on the folders made above) stays shut.
  await page.route(/\/api\/events\/stream/, (route) => route.abort());
  await page.route(/\/api\/files\?/, (route) => (holding ? held.push(route) : route.continue()));
  await page.goto("/my-drive?path=/rows");
  await row(page, "r000").click();
  await page.keyboard.press("End");
  await expect(row(page, "r299")).toBeVisible();
  await expect(list(page)).toHaveAttribute("aria-label", /\d+\+ items$/);
  holding = true;
  await list(page).hover();
  /** Names and tops of the named rows on screen (not the focused row, which is kept rendered wherever it is). */
  const onScreen = () =>
    list(page).evaluate((el) => {
      const view = el.getBoundingClientRect();
      return [...el.querySelectorAll('[role="row"]:not([data-placeholder])')].flatMap((r) => {
        const name = r.textContent?.match(/r\d{3}/)?.[0];
        const { top, bottom } = r.getBoundingClientRect();
        return name && top >= view.top && bottom <= view.bottom ? [[name, Math.round(top)] as const] : [];
      });
    });
  const frame = () =>
    page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const heights = new Set<number>();
  let pages = 0;
  // Until the walks meet: the list's name then gives no "N+ items".
  while (/\+ items$/.test((await list(page).getAttribute("aria-label")) ?? "")) {
    // Scroll up until the view asks for an earlier page.
    await expect(async () => {
      if (held.length === 0) await page.mouse.wheel(0, -300);
      expect(held.length).toBeGreaterThan(0);
    }).toPass();
    await frame();
    const before = await onScreen();
    expect(before.length).toBeGreaterThan(0);
    const route = held.shift();
    if (!route) break;
    await route.continue();
    // Null when the client gave the request up (a page it no longer needs); either way the list has settled on it.
    await route.request().response();
    await frame();
    heights.add(await list(page).evaluate((el) => el.scrollHeight));
    const after = new Map(await onScreen());
    pages++;
    for (const [name, top] of before) expect(after.get(name), `${name} after page ${pages}`).toBe(top);
  }
  // The reserve between the walks grew and the walks met (the list's height changed) while the view was in the tail.
  expect(heights.size).toBeGreaterThan(1);
  holding = false;
  for (const route of held) await route.continue();
  await page.keyboard.press("Home");
  await expect(row(page, "r000")).toBeVisible();
  await context.close();
});

test("upload, preview and download through /content, then delete", async ({ browser }) => {
  const { page, context } = await signedInPage(browser);
  const contentRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/files\/[^/]+\/content/.test(request.url())) contentRequests.push(request.url());
  });
  await page.goto("/my-drive?path=/");
  const chooser = page.waitForEvent("filechooser");
  await page
    .getByRole("button", { name: /^Upload/ })
    .first()
    .click();
  await (await chooser).setFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello from B") });
  await expect(row(page, "notes.txt")).toBeVisible();

  await row(page, "notes.txt").dblclick();
  await expect(page.getByRole("dialog").getByText("hello from B")).toBeVisible();
  await page.keyboard.press("Escape");
  expect(contentRequests.some((url) => url.includes("/content"))).toBe(true);

  await row(page, "notes.txt").click({ button: "right" });
  const download = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Download" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("notes.txt");
  expect(file.url()).toMatch(/\/api\/files\/[^/]+\/content\?.*download=1/);

  await row(page, "notes.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(row(page, "notes.txt")).toHaveCount(0);
  await context.close();
});

test("several links per file: create two, one with a password, change one, remove one", async ({ browser }) => {
  const { page, api, context } = await signedInPage(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await api.uploadFile("/", "report.txt", "numbers", { mimeType: "text/plain" });
  await page.goto("/my-drive?path=/");
  await row(page, "report.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: 'Share "report.txt"' });
  await expect(dialog.getByText("No links yet.", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog.getByRole("textbox", { name: "Link 1" })).toHaveValue(/\/share\/[\w-]+$/);

  await dialog.getByLabel("Password (optional)").fill("pw-two");
  await dialog.getByRole("button", { name: "Add another link" }).click();
  await expect(dialog.getByRole("textbox", { name: "Link 2" })).toHaveValue(/\/share\/[\w-]+$/);
  const links = dialog.getByRole("list", { name: "Links" }).getByRole("listitem");
  await expect(links.nth(1)).toContainText("Protected by a password");
  await expect(links.nth(0)).toContainText("No password");

  await dialog.getByRole("button", { name: "Change link 1" }).click();
  const nextYear = `${new Date().getFullYear() + 1}-03-31`;
  await dialog.getByLabel("New expiry (optional)").fill(nextYear);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(links.nth(0)).toContainText(`expires ${new Date(`${nextYear}T12:00:00`).toLocaleDateString("en-US")}`);

  const second = await dialog.getByRole("textbox", { name: "Link 2" }).inputValue();
  await dialog.getByRole("button", { name: "Remove link 1" }).click();
  await expect(links).toHaveCount(1);
  await expect(dialog.getByRole("textbox", { name: "Link 1" })).toHaveValue(second);
  await context.close();
});

test("a link's password and expiry can be taken off (a new link in its place, as Teldrive main only sets them)", async ({
  browser,
}) => {
  const { page, api, context } = await signedInPage(browser);
  const file = await api.uploadFile("/", "plans.txt", "plans", { mimeType: "text/plain" });
  await page.goto("/my-drive?path=/");
  await row(page, "plans.txt").click({ button: "right" });
  await page.getByRole("menuitem", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: 'Share "plans.txt"' });
  const nextYear = `${new Date().getFullYear() + 1}-03-31`;
  await dialog.getByLabel("Password (optional)").fill("pw-gone");
  await dialog.getByLabel("Expires on (optional)").fill(nextYear);
  await dialog.getByRole("button", { name: "Create link" }).click();
  const links = dialog.getByRole("list", { name: "Links" }).getByRole("listitem");
  const expires = `expires ${new Date(`${nextYear}T12:00:00`).toLocaleDateString("en-US")}`;
  await expect(links.nth(0)).toContainText("Protected by a password");
  await expect(links.nth(0)).toContainText(expires);
  const first = await dialog.getByRole("textbox", { name: "Link 1" }).inputValue();

  await dialog.getByRole("button", { name: "Change link 1" }).click();
  await dialog.getByLabel("Remove the password").check();
  await expect(dialog.getByRole("note")).toContainText("the old address stops working");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(links.nth(0)).toContainText("No password");
  await expect(links.nth(0)).toContainText(expires);
  await expect(links).toHaveCount(1);
  await expect(dialog.getByRole("textbox", { name: "Link 1" })).not.toHaveValue(first);

  // Only the expiry goes: a kept password is typed again, since the new link cannot copy it.
  await dialog.getByRole("button", { name: "Change link 1" }).click();
  await dialog.getByLabel("Remove the expiry").check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(links.nth(0)).toContainText("never expires");
  await expect(links.nth(0)).toContainText("No password");
  const res = await context.request.get(`${main.baseURL}/api/files/${file.id}/shares`);
  expect(await res.json()).toEqual([{ id: expect.any(String), protected: false }]);
  await context.close();
});

test("Settings → API keys: create, shown once, list, revoke", async ({ browser, playwright }) => {
  const { page, context } = await signedInPage(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/settings/account");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" }).click();
  await page.getByLabel("Name").fill("rclone laptop");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Copy this key now: it is shown only once.", { exact: false })).toBeVisible();
  const key = await page.getByLabel('Key "rclone laptop"').inputValue();
  expect(key.length).toBeGreaterThan(16);
  await page.getByRole("button", { name: "Copy" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // The key works for a program, without any cookie.
  const program = await playwright.request.newContext({
    baseURL: main.baseURL,
    extraHTTPHeaders: { "X-Api-Key": key },
  });
  expect((await program.get("/api/files?path=/")).status()).toBe(200);

  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByLabel('Key "rclone laptop"')).toHaveCount(0);
  const keyRow = page
    .getByRole("list", { name: "API keys" })
    .getByRole("listitem")
    .filter({ hasText: "rclone laptop" });
  await expect(keyRow).toContainText("Expires never");
  await keyRow.getByRole("button", { name: "Revoke rclone laptop" }).click();
  await page.getByRole("dialog", { name: 'Revoke "rclone laptop"?' }).getByRole("button", { name: "Revoke" }).click();
  await expect(keyRow).toHaveCount(0);
  expect((await program.get("/api/files?path=/")).status()).toBe(401);
  await program.dispose();
  await context.close();
});

test("a change made elsewhere shows in the cursor-paged list at once (Teldrive main's event stream)", async ({
  browser,
}) => {
  const { page, context, api } = await signedInPage(browser);
  const live = page.waitForResponse((r) => r.url().includes("/api/events/stream") && r.status() === 200);
  await page.goto("/my-drive?path=/");
  await live;
  const made = await api.request.post("/api/files", { data: { name: "Pushed", type: "folder", path: "/" } });
  expect(made.status()).toBe(201);
  // Nothing polls the list: the folder showing at all proves the push (its latency is benchmarked, not bounded here).
  await expect(row(page, "Pushed")).toBeVisible();
  await context.close();
});

test("Photos reads the drive's pictures page by page with cursors, newest first, by month", async ({ browser }) => {
  const { page, context, api } = await signedInPage(browser, { pageSize: "10" });
  // 25 pictures over three months: three cursor pages of 10.
  for (let i = 0; i < 25; i++) {
    const file = await api.uploadFile("/", `p${String(i).padStart(2, "0")}.png`, `picture ${i}`, {
      mimeType: "image/png",
    });
    const updatedAt = new Date(Date.UTC(2026, 4 - Math.floor(i / 10), 20 - (i % 10))).toISOString();
    expect((await api.request.patch(`/api/files/${file.id}`, { data: { updatedAt } })).ok()).toBe(true);
  }
  const cursors: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/files" && url.searchParams.get("category"))
      cursors.push(url.searchParams.get("cursor") ?? "");
  });
  await page.goto("/photos");
  const tiles = page.getByTestId("photos-timeline").getByTestId("photo-tile");
  await tiles.first().focus();
  await expect
    .poll(async () => {
      await page.keyboard.press("End");
      return page.evaluate(() => document.activeElement?.getAttribute("title"));
    })
    .toBe("p24.png");
  await expect(tiles.first()).toHaveAttribute("title", "p00.png");
  expect(cursors.filter((c) => c !== "").length).toBeGreaterThanOrEqual(2);
  await page.keyboard.press("Home");
  await expect(page.getByTestId("photos-timeline").getByRole("heading", { level: 2 })).toHaveText([
    "May 2026",
    "April 2026",
    "March 2026",
  ]);
  await context.close();
});
