// A whole task without the mouse: sign in, create and open a folder, upload through the file input opened from the
// keyboard, rename, share and sign out, with a visible focus indicator on every control reached.
import { expect, type Locator, type Page, test, uniquePhone } from "../../fixtures.js";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const row = (page: Page, name: string) => page.getByRole("row", { name: new RegExp(`^${escapeRegExp(name)},`) });

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** The focused element shows an outline or ring, so a keyboard user can see where they are. */
async function expectVisibleFocus(page: Page, what: string) {
  const indicator = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "nothing focused";
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0;
    const ring = s.boxShadow !== "none" && s.boxShadow !== "";
    return outline || ring ? "ok" : `no outline or ring on <${el.tagName.toLowerCase()}>`;
  });
  expect(indicator, `visible focus on ${what}`).toBe("ok");
}

/** Presses Tab until `target` has focus (at most `max` times), then checks the focus is visible. */
async function tabTo(page: Page, target: Locator, what: string, max = 60) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press("Tab");
  expect(await isFocused(target), `Tab reaches ${what}`).toBe(true);
  await expectVisibleFocus(page, what);
}

/** Tabs into the file grid, then moves with the arrow keys to the row of `name`. */
async function focusRow(page: Page, name: string) {
  const grid = page.getByRole("grid");
  await tabTo(
    page,
    grid
      .getByRole("row")
      .filter({ has: page.getByRole("gridcell") })
      .first(),
    "the file list",
  );
  const target = row(page, name);
  for (let i = 0; i < 50 && !(await isFocused(target)); i++) await page.keyboard.press("ArrowDown");
  await expect(target).toBeFocused();
  await expectVisibleFocus(page, `row ${name}`);
}

test("sign in, open a folder, upload, rename, share and sign out by keyboard alone", async ({ page, server }) => {
  test.setTimeout(120_000);
  const phone = uniquePhone();

  // Sign in.
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Phone number"), "the phone field");
  await page.keyboard.type(phone);
  await page.keyboard.press("Enter");
  const code = page.getByLabel("Code", { exact: true });
  await tabTo(page, code, "the code field");
  await page.keyboard.type(await server.codeFor(phone));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/my-drive\?path=%2F$/);

  // Create a folder, then open it from the list.
  const folderBar = page.getByRole("toolbar", { name: "Folder" });
  await tabTo(page, folderBar.getByRole("button", { name: "New folder" }), "New folder");
  await page.keyboard.press("Enter");
  const create = page.getByRole("dialog", { name: "New folder" });
  await expect(create).toBeVisible();
  await page.keyboard.type("Keyboard");
  await page.keyboard.press("Enter");
  await expect(create).toBeHidden();
  await focusRow(page, "Keyboard");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/path=%2FKeyboard$/);

  // Upload through the file input, opened with Enter on the toolbar button.
  await tabTo(page, folderBar.getByRole("button", { name: "Upload file" }), "Upload file");
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles([{ name: "typed.txt", mimeType: "text/plain", buffer: Buffer.from("by keyboard") }]);
  await expect(row(page, "typed.txt")).toBeVisible();

  // Rename with F2.
  await focusRow(page, "typed.txt");
  await page.keyboard.press("F2");
  const rename = page.getByRole("dialog", { name: "Rename file" });
  await expect(rename).toBeVisible();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("renamed.txt");
  await page.keyboard.press("Enter");
  await expect(row(page, "renamed.txt")).toBeVisible();

  // Share from the selection toolbar; Space selects the focused row.
  await focusRow(page, "renamed.txt");
  if ((await row(page, "renamed.txt").getAttribute("aria-selected")) !== "true") await page.keyboard.press(" ");
  await expect(row(page, "renamed.txt")).toHaveAttribute("aria-selected", "true");
  await tabTo(
    page,
    page.getByRole("toolbar", { name: "Selection" }).getByRole("button", { name: "Share", exact: true }),
    "Share",
  );
  await page.keyboard.press("Enter");
  const share = page.getByRole("dialog", { name: 'Share "renamed.txt"' });
  await tabTo(page, share.getByRole("button", { name: "Create link" }), "Create link");
  await page.keyboard.press("Enter");
  await expect(share.getByLabel("Link")).toHaveValue(/\/share\/[\w-]+$/);
  await page.keyboard.press("Escape");
  await expect(share).toBeHidden();

  // Sign out through the account menu.
  await tabTo(page, page.getByRole("button", { name: "Account menu" }), "Account menu");
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const logout = menu.getByRole("menuitem", { name: /log ?out|sign out/i });
  for (let i = 0; i < 10 && !(await isFocused(logout)); i++) await page.keyboard.press("ArrowDown");
  await expect(logout).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel("Phone number")).toBeVisible();
});
