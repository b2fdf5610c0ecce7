import { expect, test } from "../../fixtures.js";
import { row } from "./helpers.js";

// On a phone the details of an item come up as a bottom sheet, from the long-press actions.

test("on a phone: Details from the actions sheet opens a bottom sheet; Close gives the list back", async ({
  authedPage: page,
  api,
}) => {
  await api.mkdir("/Docs");
  await api.uploadFile("/Docs", "notes.txt", Buffer.alloc(3000, 1), { partSize: 1024, mimeType: "text/plain" });
  await page.goto(`/my-drive?path=${encodeURIComponent("/Docs")}`);
  await expect(page.getByRole("button", { name: "Details", exact: true })).toBeHidden();

  await row(page, "notes.txt").dispatchEvent("pointerdown", { pointerType: "touch", isPrimary: true, bubbles: true });
  await page.getByRole("dialog", { name: "notes.txt" }).getByRole("button", { name: "Details" }).tap();
  const sheet = page.getByRole("dialog", { name: "Details" });
  await expect(sheet.getByRole("heading", { name: "notes.txt" })).toBeVisible();
  const property = (term: string) => sheet.locator(`div:has(> dt:text-is("${term}")) > dd`);
  await expect(property("Size")).toHaveText("2.9 KB (3,000 bytes)");
  await expect(property("Where")).toHaveText("My Drive/Docs");
  await expect(property("Stored as")).toHaveText("3 pieces");
  await expect(property("Encrypted")).toHaveText("No");
  await expect(sheet.getByRole("region", { name: "Share link" })).toContainText("Not shared.");
  // A sheet at the bottom of the screen, full width.
  const box = await sheet.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && Math.round(box.y + box.height)).toBe(viewport?.height);
  expect(box?.width).toBe(viewport?.width);

  await sheet.getByRole("button", { name: "Close details" }).tap();
  await expect(sheet).toHaveCount(0);
  await expect(row(page, "notes.txt")).toBeVisible();
});
