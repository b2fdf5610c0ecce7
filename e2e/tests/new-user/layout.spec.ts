// Issue 11, "Phone": one toolbar row that keeps the folder's name readable, a selection bar in its place, and touch
// targets of at least 44 px. On a desktop the touch-only Select button stays hidden.
import { expect, type Locator, type Page, test } from "../../fixtures.js";
import { box, overlap } from "../../lib/geometry.js";
import { createEmptyFile } from "../browsing/seed.js";

const isPhone = () => test.info().project.name === "phone";

/** The file list's toolbar row (breadcrumbs, folder commands, or the selection bar in their place). */
function toolbarRow(page: Page): Locator {
  return page.getByTestId("file-toolbar");
}

test.describe("the toolbar is one row", { tag: "@phone" }, () => {
  test("in a subfolder: the folder's name in full, one New button, no overlap; selecting keeps the row", async ({
    authedPage: page,
    api,
  }) => {
    await api.mkdir("/Documents/Receipts 2024");
    await createEmptyFile(api.request, { name: "march.pdf", path: "/Documents/Receipts 2024" });
    await createEmptyFile(api.request, { name: "april.pdf", path: "/Documents/Receipts 2024" });
    await page.goto(`/my-drive?path=${encodeURIComponent("/Documents/Receipts 2024")}`);
    const list = page.getByRole("grid", { name: "My Drive /Documents/Receipts 2024" });
    await expect(list.getByRole("row", { name: /^march\.pdf/ })).toBeVisible();

    const row = toolbarRow(page);
    const rowBox = await box(row);
    expect(rowBox.height).toBeLessThanOrEqual(60);
    const current = page.getByRole("link", { name: "Receipts 2024" });
    await expect(current).toHaveAttribute("aria-current", "page");
    // Written in full: nothing of it is cut off.
    const cut = await current.evaluate((el) => {
      const text = el.querySelector("span") ?? el;
      return text.scrollWidth > text.clientWidth + 1;
    });
    expect(cut).toBe(false);
    const crumbBox = await box(current);
    for (const button of await row.getByRole("button").filter({ visible: true }).all()) {
      expect(overlap(crumbBox, await box(button)), (await button.getAttribute("aria-label")) ?? "").toBe(false);
    }

    if (isPhone()) {
      // Earlier folders fold into one menu; creation is one "New" button.
      await expect(page.getByRole("link", { name: "Documents" })).toBeHidden();
      await expect(
        page.getByRole("toolbar", { name: "Folder" }).getByRole("button", { name: "New folder" }),
      ).toBeHidden();
      await page.getByRole("button", { name: "New", exact: true }).click();
      await expect(page.getByRole("menuitem")).toHaveText(["New folder", "Upload file", "Upload folder"]);
      await page.keyboard.press("Escape");
      await page
        .getByRole("navigation", { name: "Breadcrumbs" })
        .getByRole("button", { name: "Show hidden folders" })
        .click();
      await expect(page.getByRole("menuitem")).toHaveText(["My Drive", "Documents"]);
      await page.keyboard.press("Escape");
    }

    const listTop = (await box(list)).y;
    if (isPhone()) {
      await list.getByRole("row", { name: /^march\.pdf/ }).dispatchEvent("pointerdown", {
        pointerType: "touch",
        isPrimary: true,
        bubbles: true,
      });
      await page.getByRole("dialog", { name: "march.pdf" }).press("Escape");
    } else {
      await list.getByRole("row", { name: /^march\.pdf/ }).click();
    }
    const selection = page.getByRole("toolbar", { name: "Selection" });
    await expect(selection.getByText("1 selected")).toBeVisible();
    // The selection bar takes the toolbar's place: same row, the list does not move.
    expect((await box(row)).height).toBeLessThanOrEqual(60);
    expect((await box(list)).y).toBe(listTop);
    await expect(selection.getByRole("button", { name: "Delete" })).toBeVisible();
    if (isPhone()) {
      await selection.getByRole("button", { name: "More actions" }).click();
      await expect(page.getByRole("menuitem", { name: "Download" })).toBeVisible();
      await page.keyboard.press("Escape");
    }
    await selection.getByRole("button", { name: "Clear selection" }).click();
    await expect(selection).toHaveCount(0);
  });
});

// Untagged: runs in the desktop project only.
test("the touch-only Select button stays hidden on a desktop", async ({ authedPage: page, api }) => {
  await createEmptyFile(api.request, { name: "a.txt" });
  await page.goto("/my-drive?path=/");
  await expect(page.getByRole("grid", { name: "My Drive" }).getByRole("row", { name: /^a\.txt/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sort" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Select" })).toBeHidden();
});
