// Issue 26, "Fix", on a phone (390x844): what still looked wrong there.
import { expect, type Locator, test } from "../../fixtures.js";
import { createEmptyFile } from "../browsing/seed.js";
import { openDrive, row } from "../files/helpers.js";

const drawing = (button: Locator) => button.locator("svg").evaluate((svg) => svg.innerHTML);

test("the search filters and the view options are two different icons", async ({ authedPage: page }) => {
  await openDrive(page);
  const filters = page.getByRole("button", { name: "Search filters" });
  const view = page.getByRole("button", { name: "View options" });
  await expect(filters).toBeVisible();
  await expect(view).toBeVisible();
  expect(await drawing(filters)).not.toBe(await drawing(view));
});

test("the move picker's note takes its own line instead of squeezing in beside Cancel", async ({
  authedPage: page,
  api,
}) => {
  await api.mkdir("/Docs");
  await createEmptyFile(api.request, { name: "a.txt", path: "/Docs" });
  await openDrive(page, "/Docs");
  await row(page, "a.txt").dispatchEvent("pointerdown", { pointerType: "touch", isPrimary: true, bubbles: true });
  await page.getByRole("dialog", { name: "a.txt" }).getByRole("button", { name: "Move" }).tap();
  const picker = page.getByRole("dialog", { name: 'Move "a.txt"' });
  const note = picker.getByText("It is already in this folder.");
  await expect(note).toBeVisible();
  const noteBox = await note.boundingBox();
  const cancelBox = await picker.getByRole("button", { name: "Cancel" }).boundingBox();
  expect(noteBox && cancelBox && noteBox.y + noteBox.height <= cancelBox.y).toBe(true);
  // One line of text, not wrapped word by word.
  expect(noteBox?.height ?? 99).toBeLessThan(24);
});

test("grid: a folder's name starts where the file names under it start", async ({ authedPage: page, api }) => {
  await api.mkdir("/Albums");
  await createEmptyFile(api.request, { name: "b-notes.txt" });
  await openDrive(page);
  await page.getByRole("button", { name: "View options" }).click();
  await page.getByRole("menuitemradio", { name: "Grid" }).click();
  const grid = page.getByRole("grid", { name: "My Drive" });
  const nameOf = (name: string) => grid.getByTitle(name, { exact: true });
  await expect(nameOf("Albums")).toBeVisible();
  // Folders are tiles in rows of their own above the files (phone-polish.phone.spec.ts measures more).
  const folder = await nameOf("Albums").boundingBox();
  const file = await nameOf("b-notes.txt").boundingBox();
  expect(Math.abs((folder?.x ?? 0) - (file?.x ?? 99))).toBeLessThanOrEqual(2);
  expect(folder?.y ?? 99).toBeLessThan(file?.y ?? 0);
});
