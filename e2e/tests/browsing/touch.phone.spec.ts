import { expect, test } from "../../fixtures.js";
import { createEmptyFile } from "./seed.js";

test.describe("touch", () => {
  test("a tap opens a folder, a long press opens the actions sheet, Select mode toggles", async ({
    authedPage: page,
    api,
  }) => {
    await api.createFolder("Photos");
    await createEmptyFile(api.request, { name: "a.txt" });
    await createEmptyFile(api.request, { name: "b.txt" });
    await page.goto("/my-drive?path=/");
    const list = page.getByRole("grid", { name: "My Drive" });

    const a = list.getByRole("row", { name: /^a\.txt/ });
    // A long press: a touch pointer held down (the sheet opens while it is down).
    await a.dispatchEvent("pointerdown", { pointerType: "touch", isPrimary: true, bubbles: true });
    const sheet = page.getByRole("dialog", { name: "a.txt" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("button")).toHaveText([
      "Open",
      "Rename",
      "Move",
      "Copy",
      "Download",
      "Share",
      "Copy link",
      "Add to Starred",
      "Details",
      "Delete",
    ]);
    await sheet.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByRole("dialog", { name: "Rename file" })).toBeVisible();
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Select", exact: true }).tap();
    await expect(page.getByRole("button", { name: "Select", exact: true })).toHaveAttribute("aria-pressed", "true");
    await list.getByRole("row", { name: /^b\.txt/ }).tap();
    await list.getByRole("row", { name: /^Photos/ }).tap();
    // a.txt stays selected from the long press.
    await expect(list.locator("[aria-selected=true]")).toHaveCount(3);

    await page.getByRole("button", { name: "Select", exact: true }).tap();
    await list.getByRole("row", { name: /^Photos/ }).tap();
    await expect(page).toHaveURL(/path=%2FPhotos$/);
  });
});
