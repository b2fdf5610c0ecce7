import type { Route } from "@playwright/test";
import { expect, type Page, test } from "../../fixtures.js";
import { signInRequest, uniquePhone } from "../../lib/auth.js";
import { startDriveServer } from "../../lib/server.js";
import { asTeldrive18 } from "../../lib/teldrive.js";
import { bytesOf, expectUploadsComplete, findFile, openDrive, uploadThroughPicker } from "../files/helpers.js";
import { expectTheme, inEveryScheme, isPhone } from "./matrix.js";

const TOKEN_A = `1234567890:${"A".repeat(30)}b_c-9`;
const TOKEN_B = `2345678901:${"z".repeat(35)}`;

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

async function channelId(page: Page, name: string): Promise<number> {
  const res = await page.request.get("/api/users/channels");
  const channels = (await res.json()) as { channelName: string; channelId: number }[];
  const found = channels.find((c) => c.channelName === name);
  if (!found) throw new Error(`no channel ${name}`);
  return found.channelId;
}

inEveryScheme("settings", (scheme) => {
  test("tabs: links that replace history, a sliding highlight, unknown tabs show Info", async ({
    authedPage: page,
  }) => {
    await expectTheme(page, scheme);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    const tabs = page.getByRole("navigation", { name: "Settings" });
    // "API keys" is there because this server offers keys (a Teldrive 1.x server has none).
    await expect(tabs.getByRole("link")).toHaveText(["General", "Appearance", "Account", "API keys", "Info"]);
    await expect(tabs.getByRole("link", { name: "General" })).toHaveAttribute("aria-current", "page");
    const highlight = page.getByTestId("settings-tab-highlight");
    const historyLength = await page.evaluate(() => history.length);

    const positions: number[] = [];
    for (const [name, heading] of [
      ["Appearance", "Appearance"],
      ["Account", "Manage Bots"],
      ["API keys", "API keys"],
      ["Info", "Info"],
      ["General", "General"],
    ] as const) {
      await tabs.getByRole("link", { name }).click();
      await expect(page).toHaveURL(new RegExp(`/settings/${name.toLowerCase().replace(" ", "-")}$`));
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      await expect(tabs.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      await expect(highlight).toHaveCSS("transition-property", /transform/);
      const link = await tabs.getByRole("link", { name }).boundingBox();
      // The highlight ends up under the active tab once its transition is over.
      await expect
        .poll(async () => Math.round((await highlight.boundingBox())?.x ?? -1))
        .toBe(Math.round(link?.x ?? 0));
      positions.push(Math.round(link?.x ?? 0));
    }
    expect(new Set(positions).size).toBe(5);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await page.goBack();
    await expect(page).toHaveURL(/\/my-drive\?path=%2F$/);

    await page.goto("/settings/whatever");
    await expect(page.getByRole("heading", { name: "Info", exact: true })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Info" })).toHaveAttribute("aria-current", "page");
  });

  test("general: defaults, validation messages, saved under 'settings'", async ({ authedPage: page }) => {
    await page.goto("/settings/general");
    await expect(page.getByLabel("Items loaded at a time")).toHaveValue("500");
    await expect(page.getByLabel("Upload big files in pieces of")).toHaveValue("524288000");
    await expect(page.getByLabel("Upload big files in pieces of").locator("option")).toHaveText([
      "100MB",
      "500MB",
      "1GB",
      "2GB",
    ]);
    await expect(page.getByLabel("Pieces sent at once")).toHaveValue("4");
    await expect(page.getByLabel("Encrypt files")).not.toBeChecked();

    await page.getByLabel("Items loaded at a time").fill("lots");
    await page.getByLabel("Thumbnail service").fill("not a host");
    await page.getByLabel("Media streaming address").fill("nope");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Must be a whole number above 0")).toBeVisible();
    await expect(page.getByText("Must be a valid Host")).toHaveCount(2);

    await page.getByLabel("Items loaded at a time").fill("100");
    await page.getByLabel("Thumbnail service").fill("https://resizer.example.com");
    await page.getByLabel("Media streaming address").fill("");
    await page.getByLabel("Upload big files in pieces of").selectOption("2GB");
    await page.getByLabel("Pieces sent at once").fill("8");
    await page.getByLabel("Encrypt files").check();
    await page.getByRole("button", { name: "Save" }).click();
    const saved = toast(page, "Settings saved");
    await expect(saved).toBeVisible();
    // Toasts sit at the top centre; on a phone at the bottom centre, clear of the header and the folder's toolbar.
    const box = await saved.locator("..").boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    if (isPhone()) expect(box?.y ?? 0).toBeGreaterThan((page.viewportSize()?.height ?? 0) / 2);
    else expect(box?.y ?? 999).toBeLessThan(100);
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - width / 2)).toBeLessThan(4);

    await page.reload();
    await expect(page.getByLabel("Items loaded at a time")).toHaveValue("100");
    await expect(page.getByLabel("Upload big files in pieces of")).toHaveValue("2097152000");
    await expect(page.getByLabel("Pieces sent at once")).toHaveValue("8");
    await expect(page.getByLabel("Encrypt files")).toBeChecked();
    await expect(page.getByLabel("Thumbnail service")).toHaveValue("https://resizer.example.com");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("settings") ?? "{}").state);
    expect(stored).toMatchObject({ pageSize: "100", splitFileSize: 2097152000, uploadConcurrency: "8" });
  });

  test("appearance: 19 presets, a picker and a reset", async ({ authedPage: page }) => {
    await page.goto("/settings/appearance");
    const presets = page.getByRole("group", { name: "Preset colours" }).getByRole("button");
    await expect(presets).toHaveCount(19);
    await expect(page.getByRole("button", { name: "Colour #82b1ff" })).toHaveAttribute("aria-pressed", "true");
    const primary = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());
    const initial = await primary();

    await page.getByRole("button", { name: "Colour #ff8a80" }).click();
    await expect(page.getByRole("button", { name: "Colour #ff8a80" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(primary).not.toBe(initial);
    const red = await primary();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("colorScheme") ?? "{}").state);
    expect(stored.sourceColor).toBe("#ff8a80");
    expect(Object.keys(stored.styles.light)).toContain("--md-primary");

    await page.getByLabel("Hex colour").fill("#b9f6ca");
    await expect(page.getByRole("button", { name: "Colour #b9f6ca" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(primary).not.toBe(red);
    await expect(page.getByRole("slider", { name: "Hue" })).toBeVisible();
    await expect(page.getByRole("slider", { name: "Color" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("button", { name: "Colour #b9f6ca" })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: "Reset colour" }).click();
    await expect.poll(primary).toBe(initial);
    await expect(page.locator("#md-color-scheme")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reset colour" })).toBeDisabled();
  });

  test("account: bots are added, counted, copied and removed", async ({ authedPage: page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/settings/account");
    await expect(page.getByRole("heading", { name: "Manage Bots" })).toBeVisible();
    await expect(page.getByText("Current Bots: 0")).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy tokens" })).toBeDisabled();

    const tokens = page.getByLabel("Bot tokens");
    await page.getByRole("button", { name: "Add bots" }).click();
    await expect(page.getByText("Invalid Token format")).toBeVisible();
    await tokens.fill(`${TOKEN_A}\n123:short`);
    await page.getByRole("button", { name: "Add bots" }).click();
    await expect(page.getByText("Invalid Token format")).toBeVisible();

    await tokens.fill(`  ${TOKEN_A}  \n\n${TOKEN_B}\n`);
    await page.getByRole("button", { name: "Add bots" }).click();
    await expect(toast(page, "bots added")).toBeVisible();
    await expect(page.getByText("Current Bots: 2")).toBeVisible();
    await expect(tokens).toHaveValue("");

    await page.getByRole("button", { name: "Copy tokens" }).click();
    await expect(toast(page, "Tokens Copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${TOKEN_A}\n${TOKEN_B}`);

    await page.getByRole("button", { name: "Remove all bots" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
    await expect(page.getByText("Current Bots: 0")).toBeVisible();
  });

  test("account: channels are added, made default, synced and deleted", async ({ authedPage: page }) => {
    await page.goto("/settings/account");
    const list = page.getByRole("list", { name: "Channels" });
    const drive = await channelId(page, "Drive");
    await expect(list.getByRole("listitem")).toHaveText([`Drive (${drive})`]);
    const select = page.getByLabel("Default channel");
    await expect(select).toHaveValue(String(drive));

    const add = page.getByRole("button", { name: "Add", exact: true });
    await expect(add).toBeDisabled();
    await page.getByLabel("New channel name").fill("   ");
    await expect(add).toBeDisabled();
    await page.getByLabel("New channel name").fill("Photos");
    await add.click();
    await expect(toast(page, "Channel Added")).toBeVisible();
    const photos = await channelId(page, "Photos");
    await expect(list.getByRole("listitem")).toHaveText([`Drive (${drive})`, `Photos (${photos})`]);

    await select.selectOption(`Photos (${photos})`);
    await expect(toast(page, "Default channel updated")).toBeVisible();
    expect(((await (await page.request.get("/api/users/config")).json()) as { channelId: number }).channelId).toBe(
      photos,
    );

    await page.getByRole("button", { name: "Sync channels" }).click();
    await expect(toast(page, "Channels Synced")).toBeVisible();

    await page.getByRole("button", { name: "Delete channel Photos" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure to delete this channel" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    // Focus goes back to where the dialog was opened from.
    await expect(page.getByRole("button", { name: "Delete channel Photos" })).toBeFocused();

    await page.getByRole("button", { name: "Delete channel Photos" }).click();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(toast(page, "Channel Deleted")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveText([`Drive (${drive})`]);
    await expect(select).toHaveValue(String(drive));

    await page.getByRole("button", { name: "Delete channel Drive" }).click();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(
      page.getByText("No channels found. Press the sync button to fetch your channels from Telegram."),
    ).toBeVisible();
  });

  test("account: a failed default channel change says why", async ({ authedPage: page }) => {
    expect((await page.request.post("/api/users/channels", { data: { channelName: "Gone" } })).status()).toBe(201);
    const gone = await channelId(page, "Gone");
    await page.goto("/settings/account");
    await expect(page.getByRole("list", { name: "Channels" }).getByText(`Gone (${gone})`)).toBeVisible();
    // Deleted elsewhere while this page still lists it.
    expect((await page.request.delete(`/api/users/channels/${gone}`)).status()).toBe(204);
    await page.getByLabel("Default channel").selectOption(`Gone (${gone})`);
    await expect(toast(page, "Failed to update default channel: channel not found")).toBeVisible();
  });

  test("account: active sessions, current one kept, others deletable", async ({
    authedPage: page,
    browser,
    signIn,
    user,
  }) => {
    const other = await browser.newContext();
    try {
      await signIn(other, user.phone);
      await page.goto("/settings/account");
      await expect(page.getByRole("heading", { name: "Active Sessions" })).toBeVisible();
      await expect(page.getByText("Manage active sessions for your account.")).toBeVisible();
      const cards = page.getByRole("list", { name: "Sessions" }).getByRole("listitem");
      await expect(cards).toHaveCount(2);
      const current = cards.filter({ hasText: "This device" });
      await expect(current.getByRole("button")).toHaveCount(0);
      await expect(current).toHaveAttribute("data-valid", "true");
      await expect(current).toContainText(/\d{4}-\d{2}-\d{2}/);
      // Valid sessions have a green border: painted, its green channel leads red and blue.
      const [r, g, b] = await current.evaluate((el) => {
        const ctx = document.createElement("canvas").getContext("2d");
        if (!ctx) return [0, 0, 0];
        ctx.fillStyle = getComputedStyle(el).borderTopColor;
        ctx.fillRect(0, 0, 1, 1);
        return Array.from(ctx.getImageData(0, 0, 1, 1).data);
      });
      expect(g).toBeGreaterThan((r ?? 0) + 40);
      expect(g).toBeGreaterThan((b ?? 0) + 40);

      const otherCard = cards.filter({ hasNotText: "This device" });
      await otherCard.getByRole("button", { name: /^Delete session/ }).click();
      await expect(cards).toHaveCount(1);
      expect((await other.request.get("/api/auth/session")).status()).toBe(204);
    } finally {
      await other.close();
    }
  });

  test("info: server version pairs in plain words, empty values N/A", async ({ authedPage: page }) => {
    await page.goto("/settings/info");
    const info = page.locator("dl");
    await expect(info.locator("dt")).toContainText([
      "Version",
      "Commit",
      "Built with Go",
      "Operating system",
      "Processor type",
    ]);
    await expect(info.locator("dt", { hasText: "Commit" })).toHaveAttribute("title", "commitSHA");
    const valueFor = (key: string) => info.locator("dt", { hasText: new RegExp(`^${key}$`) }).locator("+ dd");
    await expect(valueFor("Commit")).toHaveText("N/A");
    // Without a known commit there is nothing to link to.
    await expect(valueFor("Version").getByRole("link")).toHaveCount(0);
  });
});

// Needs a server of its own (started with COMMIT_SHA); starting one is slow, so this runs once, not per scheme.
test("info: the version links to its commit by 7 characters", async ({ page }) => {
  test.setTimeout(90_000);
  const server = await startDriveServer({ env: { COMMIT_SHA: "0123456789abcdef0123" } });
  try {
    await signInRequest(server, page.context().request, uniquePhone());
    await page.goto(`${server.baseURL}/settings/info`);
    const link = page.locator("dl").getByRole("link");
    await expect(link).toHaveAttribute("href", /\/commit\/0123456$/);
    await expect(page.locator("dl").getByText("0123456789abcdef0123")).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('general: "Encrypt files" is the account\'s, so a fresh browser shows it and its uploads follow it', async ({
  authedPage: page,
  user,
  newSession,
  api,
}) => {
  await page.goto("/settings/general");
  await expect(page.getByLabel("Encrypt files")).toHaveAccessibleDescription(/Kept with your account/);
  await page.getByLabel("Encrypt files").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Settings saved")).toBeVisible();

  // Another browser of the same account, whose own settings never said "encrypt". The server's answer is held back
  // until the page has shown it is waiting for it.
  const other = await newSession(user.phone);
  const fresh = await other.context.newPage();
  const held: Route[] = [];
  let released = false;
  await fresh.route("**/api/users/settings", (route) => (released ? route.continue() : void held.push(route)));
  await fresh.goto("/settings/general");
  const encrypt = fresh.getByLabel("Encrypt files");
  await expect(encrypt).toBeDisabled();
  await expect(encrypt).toHaveAccessibleDescription("Reading your account's choice…");
  await expect(fresh.getByRole("button", { name: "Save" })).toBeDisabled();
  released = true;
  await Promise.all(held.splice(0).map((route) => route.continue()));
  await expect(encrypt).toBeEnabled();
  await expect(encrypt).toBeChecked();
  await expect(fresh.getByRole("button", { name: "Save" })).toBeEnabled();
  const stored = await fresh.evaluate(() => JSON.parse(localStorage.getItem("settings") ?? "{}").state);
  expect(stored?.encryptFiles ?? false).toBe(false);

  // Its uploads follow the account's choice without Settings being opened first.
  const answered = fresh.waitForResponse((r) => r.url().endsWith("/api/users/settings") && r.ok());
  await openDrive(fresh);
  await answered;
  await uploadThroughPicker(fresh, [
    { name: "from-elsewhere.bin", mimeType: "application/octet-stream", buffer: bytesOf(64) },
  ]);
  await expectUploadsComplete(fresh);
  expect((await findFile(api, "/", "from-elsewhere.bin")).encrypted).toBe(true);

  // A server without account settings (Teldrive): this browser's own value, as before.
  const teldrive = await other.context.newPage();
  await asTeldrive18(teldrive);
  await teldrive.goto("/settings/general");
  await expect(teldrive.getByLabel("Encrypt files")).toBeEnabled();
  await expect(teldrive.getByLabel("Encrypt files")).not.toBeChecked();
  await expect(teldrive.getByLabel("Encrypt files")).toHaveAccessibleDescription(
    "New uploads are stored encrypted on the server.",
  );
});
