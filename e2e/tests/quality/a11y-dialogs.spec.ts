// Axe on every menu, dialog, popup and viewer reachable through stable roles, in light and dark; menus and dialogs
// opened from a button give focus back to it when closed with Escape.
import { expect, type Locator, type Page, test } from "../../fixtures.js";
import { type AxeOptions, COLOUR_RULES, expectNoSeriousA11yViolations } from "../../lib/axe.js";
import type { DriveApi } from "../../lib/drive-api.js";

// A 1x1 PNG, so the image viewer has a real picture to show.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const row = (page: Page, name: string) => page.getByRole("row", { name: new RegExp(`^${escapeRegExp(name)},`) });

async function seed(api: DriveApi) {
  await api.createFolder("Projects", "/");
  await api.uploadFile("/", "readme.md", "# Read me\n\nSome *text*.\n", { mimeType: "text/markdown" });
  await api.uploadFile("/", "script.ts", "export const answer = 42;\n", { mimeType: "text/plain" });
  await api.uploadFile("/", "pixel.png", new Uint8Array(PNG), { mimeType: "image/png" });
  await api.uploadFile("/", "notes.txt", "plain notes\n", { mimeType: "text/plain" });
}

let axeOptions: AxeOptions = {};

/** Axe with `what` open; then Escape closes it and, when it was opened from `trigger`, focus is back there. */
async function checkOpen(page: Page, what: string, opened: Locator, trigger?: Locator) {
  await expect(opened).toBeVisible();
  await expectNoSeriousA11yViolations(page, what, axeOptions);
  await page.keyboard.press("Escape");
  await expect(opened).toBeHidden();
  if (trigger) await expect.soft(trigger, `focus returns after closing ${what}`).toBeFocused();
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`menus, dialogs and viewers (${scheme})`, () => {
    test.use({ colorScheme: scheme });
    // Only colours differ between the schemes: the dark pass runs the colour rules alone.
    test.beforeEach(() => {
      axeOptions = scheme === "dark" ? { onlyRules: COLOUR_RULES } : {};
    });
    // Many axe runs on a shared 2-core machine.
    test.describe.configure({ timeout: 600_000 });

    test("header and list menus and dialogs", async ({ page, api }) => {
      await seed(api);
      await page.goto("/my-drive?path=/");
      await expect(row(page, "notes.txt")).toBeVisible();

      for (const name of ["Theme", "Account menu", "Sort"]) {
        const trigger = page.getByRole("button", { name, exact: true }).first();
        await trigger.click();
        await checkOpen(page, `${name} menu`, page.getByRole("menu"), trigger);
      }
      const filters = page.getByRole("button", { name: "Search filters" });
      await filters.click();
      await checkOpen(page, "search filters", page.getByRole("dialog", { name: "Search filters" }), filters);

      const newFolder = page.getByRole("toolbar", { name: "Folder" }).getByRole("button", { name: "New folder" });
      await newFolder.click();
      await checkOpen(page, "new folder dialog", page.getByRole("dialog", { name: "New folder" }), newFolder);

      await row(page, "notes.txt").click({ button: "right" });
      await checkOpen(page, "row context menu", page.getByRole("menu"));

      await row(page, "notes.txt").click();
      const selection = page.getByRole("toolbar", { name: "Selection" });
      for (const [button, dialog] of [
        ["Rename", "Rename file"],
        ["Move", 'Move "notes.txt"'],
        ["Copy", 'Copy "notes.txt"'],
        ["Share", 'Share "notes.txt"'],
        ["Delete", 'Delete "notes.txt"?'],
      ] as const) {
        const trigger = selection.getByRole("button", { name: button, exact: true });
        await trigger.click();
        await checkOpen(page, `${button} dialog`, page.getByRole("dialog", { name: dialog }), trigger);
      }
      const details = page.getByRole("button", { name: "Details", exact: true });
      await details.click();
      const pane = page.getByRole("complementary", { name: "Details" });
      await expect(pane.getByRole("heading", { name: "notes.txt" })).toBeVisible();
      await checkOpen(page, "details pane", pane, details);

      await page.getByRole("button", { name: "Grid view" }).click();
      await expect(page.getByRole("main").getByText("pixel.png", { exact: true }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, "grid view", axeOptions);
      await page.getByRole("button", { name: "List view" }).click();
    });

    test("viewers and the upload panel", async ({ page, api }) => {
      await seed(api);
      await page.goto("/my-drive?path=/");
      for (const [name, content] of [
        ["readme.md", (d: Locator) => d.getByRole("heading", { name: "Read me" })],
        ["script.ts", (d: Locator) => d.getByText("answer", { exact: false }).first()],
        ["notes.txt", (d: Locator) => d.getByText("plain notes").first()],
        ["pixel.png", (d: Locator) => d.getByRole("img").first()],
      ] as const) {
        await row(page, name).dblclick();
        const viewer = page.getByRole("dialog");
        await expect(content(viewer)).toBeVisible();
        await checkOpen(page, `${name} viewer`, viewer);
      }

      // A fresh page: the folder toolbar shows only while nothing is selected.
      await page.goto("/my-drive?path=/");
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("toolbar", { name: "Folder" }).getByRole("button", { name: "Upload file" }).click();
      await (await chooser).setFiles([{ name: "up.txt", mimeType: "text/plain", buffer: Buffer.from("uploaded") }]);
      const panel = page.getByRole("region", { name: "Uploads" });
      await expect(panel).toBeVisible();
      await expect(row(page, "up.txt")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "upload panel", axeOptions);
    });

    test("settings dialogs", async ({ page, api }) => {
      const bot = `1234567890:${"A".repeat(35)}`;
      expect((await api.request.post("/api/users/bots", { data: { bots: [bot] } })).status()).toBe(204);
      await page.goto("/settings/account");
      const removeAll = page.getByRole("button", { name: "Remove all bots" });
      await expect(removeAll).toBeEnabled();
      await removeAll.click();
      await checkOpen(
        page,
        "remove bots dialog",
        page.getByRole("alertdialog").or(page.getByRole("dialog")),
        removeAll,
      );
      await page.goto("/settings/appearance");
      await expect(page.getByRole("main")).toBeVisible();
      await expectNoSeriousA11yViolations(page, "appearance settings", axeOptions);
    });
  });
}
