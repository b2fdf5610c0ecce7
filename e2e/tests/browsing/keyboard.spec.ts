import { expect, test } from "../../fixtures.js";
import { createEmptyFile } from "./seed.js";

test.describe("keyboard and selection", () => {
  test.beforeEach(async ({ api }) => {
    await api.createFolder("Alpha");
    await createEmptyFile(api.request, { name: "Alpha/inside.txt", path: "/Alpha" }).catch(async () => {
      await createEmptyFile(api.request, { name: "inside.txt", path: "/Alpha" });
    });
    for (const name of ["bravo.txt", "charlie.txt", "delta.txt"]) await createEmptyFile(api.request, { name });
  });

  test("arrows, Home/End, type-ahead, Enter and Backspace", async ({ authedPage: page }) => {
    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });
    const row = (name: string) => list.getByRole("row", { name: new RegExp(`^${name}`) });
    await row("bravo").click();
    await expect(row("bravo")).toHaveAttribute("aria-selected", "true");

    await page.keyboard.press("ArrowDown");
    await expect(row("charlie")).toBeFocused();
    await expect(row("charlie")).toHaveAttribute("aria-selected", "true");
    await expect(row("bravo")).toHaveAttribute("aria-selected", "false");

    await page.keyboard.press("End");
    await expect(row("delta")).toBeFocused();
    await page.keyboard.press("Home");
    await expect(row("Alpha")).toBeFocused();

    await page.keyboard.type("ch");
    await expect(row("charlie")).toBeFocused();

    await page.keyboard.press("Home");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/path=%2FAlpha$/);
    await expect(
      page.getByRole("grid", { name: "My Drive /Alpha" }).getByRole("row", { name: /^inside\.txt/ }),
    ).toBeVisible();
    await page
      .getByRole("grid", { name: "My Drive /Alpha" })
      .getByRole("row", { name: /^inside\.txt/ })
      .click();
    await page.keyboard.press("Backspace");
    await expect(page).toHaveURL(/path=%2F$/);
  });

  test("click, Ctrl-click, Shift-click and Ctrl+A select; the toolbar follows", async ({ authedPage: page }) => {
    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });
    const row = (name: string) => list.getByRole("row", { name: new RegExp(`^${name}`) });
    const selected = list.locator("[aria-selected=true]");

    await row("bravo").click();
    await row("delta").click({ modifiers: ["ControlOrMeta"] });
    await expect(selected).toHaveCount(2);
    await expect(page.getByRole("toolbar", { name: "Selection" }).getByText("2 selected")).toBeVisible();

    await row("Alpha").click();
    await row("charlie").click({ modifiers: ["Shift"] });
    await expect(selected).toHaveCount(3);

    await page.keyboard.press("ControlOrMeta+a");
    await expect(selected).toHaveCount(4);
    const toolbar = page.getByRole("toolbar", { name: "Selection" });
    for (const label of ["Move", "Copy", "Delete"])
      await expect(toolbar.getByRole("button", { name: label })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(selected).toHaveCount(0);
    await expect(
      page.getByRole("toolbar", { name: "Folder" }).getByRole("button", { name: "New folder" }),
    ).toBeVisible();
  });

  test("F2 renames, Delete asks to delete, the context menu offers the actions", async ({ authedPage: page }) => {
    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });
    await list.getByRole("row", { name: /^bravo/ }).click();
    await page.keyboard.press("F2");
    await expect(page.getByRole("dialog", { name: "Rename file" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await list.getByRole("row", { name: /^bravo/ }).focus();
    await page.keyboard.press("Delete");
    await expect(page.getByRole("dialog", { name: /^Delete/ })).toBeVisible();
    await page.keyboard.press("Escape");

    await list.getByRole("row", { name: /^charlie/ }).click({ button: "right" });
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([
      /Open/,
      /Rename/,
      /Move/,
      /Copy/,
      /Download/,
      /Share/,
      /Copy link/,
      /Add to Starred/,
      /Details/,
      /Delete/,
    ]);
    await menu.getByRole("menuitem", { name: /Rename/ }).click();
    await expect(page.getByRole("dialog", { name: "Rename file" })).toBeVisible();
  });

  test("grid moves focus in two dimensions", async ({ authedPage: page, api }) => {
    for (const name of ["echo.txt", "foxtrot.txt", "golf.txt", "hotel.txt", "india.txt", "juliet.txt"]) {
      await createEmptyFile(api.request, { name });
    }
    await page.goto("/my-drive?path=/");
    await page.getByRole("button", { name: "Grid view" }).click();
    const grid = page.getByRole("grid", { name: "My Drive" });
    const columns = Number(await grid.getAttribute("aria-colcount"));
    expect(columns).toBeGreaterThan(1);
    const cells = grid.getByRole("gridcell");
    await cells.nth(0).click();
    await page.keyboard.press("ArrowRight");
    await expect(cells.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(cells.nth(1 + columns)).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(cells.nth(columns)).toBeFocused();
  });
});

test.describe("menus from the keyboard", () => {
  test.beforeEach(async ({ api }) => {
    for (const name of ["bravo.txt", "charlie.txt"]) await createEmptyFile(api.request, { name });
  });

  // Menu code is fetched on first use; the first opening must behave like every later one.
  test("Enter on a menu button focuses its first item, the first time and after", async ({ authedPage: page }) => {
    await page.goto("/my-drive?path=/");
    const sort = page.getByRole("button", { name: "Sort", exact: true });
    await expect(sort).toHaveAttribute("aria-haspopup", "menu");
    for (const time of ["first", "second"]) {
      await sort.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menuitemradio", { name: "Name" }), `${time} opening`).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(sort).toBeFocused();
    }
  });

  test("the context-menu key opens the focused row's menu with focus on its first item", async ({
    authedPage: page,
  }) => {
    await page.goto("/my-drive?path=/");
    const row = page.getByRole("grid", { name: "My Drive" }).getByRole("row", { name: /^charlie/ });
    await row.click();
    await page.keyboard.press("Shift+F10");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await expect(menu.getByRole("menuitem", { name: /Rename/ })).toBeVisible();
    // The menu opens beside the row, not at the window's corner.
    const [menuBox, rowBox] = [await menu.boundingBox(), await row.boundingBox()];
    expect(menuBox && rowBox && Math.abs(menuBox.y - (rowBox.y + rowBox.height)) < rowBox.height).toBe(true);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(row).toBeFocused();
  });
});
