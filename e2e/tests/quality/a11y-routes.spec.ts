// Axe on every route, in light and dark (desktop), and in light at phone width: no serious or critical violations.
import { expect, type Page, test } from "../../fixtures.js";
import { type AxeOptions, COLOUR_RULES, expectNoSeriousA11yViolations } from "../../lib/axe.js";
import type { DriveApi } from "../../lib/drive-api.js";

async function seed(api: DriveApi): Promise<{ shareId: string; protectedShareId: string }> {
  await api.createFolder("Projects", "/");
  await api.createFolder("Photos", "/");
  await api.uploadFile("/", "notes.txt", "hello\n");
  await api.uploadFile("/", "report.pdf", "%PDF-1.4\n");
  await api.uploadFile("/", "song.mp3", "ID3");
  await api.uploadFile("/Projects", "plan.md", "# Plan\n");
  const folder = (await api.list("/")).items.find((f) => f.name === "Projects");
  const shareId = await api.share(folder?.id ?? "");
  const notes = (await api.list("/")).items.find((f) => f.name === "notes.txt");
  const protectedShareId = await api.share(notes?.id ?? "", "secret");
  return { shareId, protectedShareId };
}

let axeOptions: AxeOptions = {};

/** Opens `path` and waits until `ready` shows, then runs axe. */
async function check(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await expectNoSeriousA11yViolations(page, path, axeOptions);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name }).first()).toBeVisible();
};
const text = (value: string) => async (page: Page) => {
  await expect(page.getByText(value, { exact: true }).first()).toBeVisible();
};

for (const scheme of ["light", "dark"] as const) {
  // Contrast depends on the scheme, layout on the width: the phone project runs the light scheme only.
  test.describe(`every route (${scheme})`, scheme === "light" ? { tag: "@phone" } : {}, () => {
    test.use({ colorScheme: scheme });
    // Only colours differ between the schemes: the dark pass runs the colour rules alone.
    test.beforeEach(() => {
      axeOptions = scheme === "dark" ? { onlyRules: COLOUR_RULES } : {};
    });

    test("signed out: login, share pages", async ({ page, api, browser, baseURL }) => {
      const { shareId, protectedShareId } = await seed(api);
      const signedOut = await browser.newContext({ baseURL, colorScheme: scheme, viewport: page.viewportSize() });
      const anon = await signedOut.newPage();
      await check(anon, "/login", async (p) => {
        await expect(p.getByRole("textbox").first()).toBeVisible();
      });
      await check(anon, `/share/${shareId}`, text("plan.md"));
      await check(anon, `/share/${protectedShareId}`, async (p) => {
        await expect(p.getByLabel(/password/i).first()).toBeVisible();
      });
      await signedOut.close();
    });

    test("signed in: lists, storage, settings, error", async ({ page, api }) => {
      await seed(api);
      await check(page, "/my-drive?path=/", text("notes.txt"));
      // Screen readers hear each row as "name, type, size, modified date"; folders without a size.
      await expect(page.getByRole("row", { name: /^notes\.txt,/ })).toHaveAccessibleName(
        /^notes\.txt, [^,]+, \d[\d.]* ?\w*B, modified .*\d/,
      );
      await expect(page.getByRole("row", { name: /^Projects,/ })).toHaveAccessibleName(
        /^Projects, [^,]*[Ff]older[^,]*, modified .*\d/,
      );
      await check(page, "/my-drive?path=/Projects", text("plan.md"));
      await check(page, "/my-drive?path=/Empty-folder-that-does-not-exist", heading("This folder doesn't exist"));
      await check(page, "/recent", text("notes.txt"));
      await check(page, "/search?query=notes", text("notes.txt"));
      await check(page, "/shared", text("Projects"));
      await check(page, "/shared/links", text("notes.txt"));
      await check(page, "/storage", async (p) => {
        await expect(p.getByRole("table").first()).toBeVisible();
      });
      const old = await api.uploadFile("/", "old draft.txt", "gone");
      expect((await api.request.post("/api/files/delete", { data: { ids: [old.id] } })).status()).toBe(204);
      await check(page, "/trash", text("old draft.txt"));
      for (const tab of ["general", "appearance", "account", "info"])
        await check(page, `/settings/${tab}`, async (p) => {
          await expect(p.getByRole("tabpanel").or(p.getByRole("main")).first()).toBeVisible();
        });
      await check(page, "/no-such-view", heading("Error"));
    });
  });
}
