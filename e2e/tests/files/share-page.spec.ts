import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../../fixtures.js";
import { readZip } from "../../lib/unzip.js";
import { downloadedBytes, findFile, sha256, unlock, visitor } from "./helpers.js";
import { png } from "./samples.js";

const shareRow = (page: Page, name: string) => page.getByTestId("share-row").filter({ hasText: name });
const card = (page: Page, name: string) => page.getByTestId("share-card").filter({ hasText: name });
/** The thumbnail the server rendered for the share, once the browser has drawn it. */
async function expectThumbnail(place: Locator, shareId: string) {
  const picture = place.locator(`img[src*="/api/shares/${shareId}/thumbnails/"]`);
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test("a protected shared folder: thumbnails in list and grid, previews with arrows, Escape back to the card, Download all", async ({
  api,
  browser,
  baseURL,
}) => {
  const sunset = png(40, [250, 120, 20]);
  const wave = png(30, [20, 90, 200]);
  await api.mkdir("/Holiday/beach");
  await api.uploadFile("/Holiday", "sunset.png", sunset, { mimeType: "image/png" });
  await api.uploadFile("/Holiday", "notes.txt", "packed the towels", { mimeType: "text/plain" });
  await api.uploadFile("/Holiday/beach", "wave.png", wave, { mimeType: "image/png" });
  const holiday = await findFile(api, "/", "Holiday");
  const shareId = await api.share(holiday.id ?? "", "sea breeze");

  const guest = await visitor(browser, baseURL);
  await guest.goto(`/share/${shareId}`);
  await unlock(guest, "sea breeze");
  // List: the picture's row shows its thumbnail (the share's own, read with the cookie the unlock set).
  const list = guest.getByRole("grid", { name: "Holiday" });
  await expect(list).toBeVisible();
  await expectThumbnail(shareRow(guest, "sunset.png"), shareId);
  // Screen readers hear each row as the drive's: name, type, size, date (a folder without a size).
  await expect(list.getByRole("row", { name: /^sunset\.png,/ })).toHaveAccessibleName(
    /^sunset\.png, Image file, \d[\d.]* ?\w*B, modified .*\d/,
  );
  await expect(list.getByRole("row", { name: /^beach,/ })).toHaveAccessibleName(/^beach, Folder, modified .*\d/);

  // Grid, remembered across a reload.
  await guest.getByRole("button", { name: "Grid view" }).click();
  await expect(guest.getByRole("grid", { name: "Holiday" }).getByTestId("share-card")).toHaveCount(3);
  await expect(guest.getByTestId("share-row")).toHaveCount(0);
  await guest.reload();
  await expect(card(guest, "beach")).toContainText("Folder");
  await expectThumbnail(card(guest, "sunset.png"), shareId);
  await expect(guest.getByRole("button", { name: "List view" })).toBeVisible();
  // And each card the same way.
  await expect(guest.getByRole("gridcell", { name: /^notes\.txt,/ })).toHaveAccessibleName(
    /^notes\.txt, [^,]+ file, \d+ B, modified .*\d/,
  );
  await expect(guest.getByRole("gridcell", { name: /^beach,/ })).toHaveAccessibleName(/^beach, Folder, modified .*\d/);

  // A card opens the preview; the arrows walk the folder's files; Escape gives the focus back to the card.
  const opener = card(guest, "sunset.png").getByRole("button", { name: "sunset.png", exact: true });
  await opener.click();
  const dialog = guest.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "sunset.png" })).toBeVisible();
  await expect
    .poll(() => dialog.getByRole("img", { name: "sunset.png" }).evaluate((i: HTMLImageElement) => i.naturalWidth))
    .toBe(40);
  await guest.keyboard.press("ArrowLeft");
  await expect(dialog.getByRole("heading", { name: "notes.txt" })).toBeVisible();
  await expect(dialog.getByTestId("code-preview")).toContainText("packed the towels");
  await guest.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("heading", { name: "sunset.png" })).toBeVisible();
  await guest.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // Download all: one zip of the shared folder, every file and folder in it, with progress in the zip panel.
  const downloading = guest.waitForEvent("download");
  await guest.getByRole("button", { name: "Download all" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Holiday.zip");
  const zip = await readZip(await download.path());
  expect(zip.folders.sort()).toEqual(["Holiday/", "Holiday/beach/"]);
  expect(zip.files).toEqual({
    "Holiday/notes.txt": sha256(Buffer.from("packed the towels")),
    "Holiday/sunset.png": sha256(sunset),
    "Holiday/beach/wave.png": sha256(wave),
  });
  const panel = guest.getByRole("region", { name: "Zip downloads" });
  await expect(panel.getByRole("heading", { name: "Holiday.zip is downloaded" })).toBeVisible();
  await expect(panel).toContainText("3 files");

  // A folder inside opens in place, with its own thumbnails.
  await card(guest, "beach").getByRole("button", { name: "beach", exact: true }).click();
  await expect(guest).toHaveURL(/path=%2Fbeach/);
  await expectThumbnail(card(guest, "wave.png"), shareId);
  await guest.context().close();
});

test("a share of one file opens as that file: its name, size, preview and Download", async ({
  api,
  browser,
  baseURL,
}) => {
  const poster = png(24, [10, 160, 60]);
  const file = await api.uploadFile("/", "poster.png", poster, { mimeType: "image/png" });
  const shareId = await api.share(file.id ?? "");
  const guest = await visitor(browser, baseURL);
  await guest.goto(`/share/${shareId}`);

  const shown = guest.getByRole("article", { name: "poster.png" });
  await expect(shown.getByRole("heading", { level: 1, name: "poster.png" })).toBeVisible();
  await expect(shown).toContainText(`${poster.length} B`);
  const image = shown.getByRole("region", { name: "Preview" }).getByRole("img", { name: "poster.png" });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  await expect(guest.getByTestId("share-row")).toHaveCount(0);
  await expect(guest.getByRole("table")).toHaveCount(0);

  const downloading = guest.waitForEvent("download");
  await shown.getByRole("button", { name: "Download", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("poster.png");
  expect(await downloadedBytes(download)).toEqual(poster);
  await guest.context().close();
});

test("a shared folder moves with the keyboard in list and grid: one Tab stop, arrows, Home, End, Enter opens", async ({
  api,
  browser,
  baseURL,
}) => {
  await api.mkdir("/Keys/inner");
  await api.uploadFile("/Keys/inner", "deep.txt", "deep down", { mimeType: "text/plain" });
  for (let i = 1; i <= 7; i++) await api.uploadFile("/Keys", `f${i}.txt`, `file ${i}`, { mimeType: "text/plain" });
  const keys = await findFile(api, "/", "Keys");
  const shareId = await api.share(keys.id ?? "");
  const guest = await visitor(browser, baseURL);
  await guest.goto(`/share/${shareId}`);
  const focusedText = () => guest.evaluate(() => document.activeElement?.textContent ?? "");

  // List: a grid of rows, the first the one Tab stop; its name and the files' Download buttons are not stops.
  const list = guest.getByRole("grid", { name: "Keys" });
  const rows = list.getByTestId("share-row");
  await expect(rows).toHaveCount(8);
  await expect(list.getByRole("row")).toHaveCount(9);
  await expect(rows.first()).toHaveAttribute("tabindex", "0");
  await expect(rows.nth(1)).toHaveAttribute("tabindex", "-1");
  await guest.getByRole("button", { name: "Grid view" }).focus();
  await expect(guest.getByRole("button", { name: "Grid view" })).toBeFocused();
  // Tab goes through the three column headers' sort buttons, then to the first row.
  for (const _ of ["Name", "Size", "Modified", "first row"]) await guest.keyboard.press("Tab");
  await expect(rows.first()).toBeFocused();
  await guest.keyboard.press("ArrowDown");
  await expect(rows.nth(1)).toBeFocused();
  await expect(rows.nth(1)).toHaveAttribute("tabindex", "0");
  await expect(rows.first()).toHaveAttribute("tabindex", "-1");
  await guest.keyboard.press("End");
  await expect(rows.nth(7)).toBeFocused();
  await guest.keyboard.press("ArrowUp");
  await expect(rows.nth(6)).toBeFocused();
  await guest.keyboard.press("Home");
  await expect(rows.first()).toBeFocused();
  await guest.keyboard.press("ArrowUp");
  await expect(rows.first()).toBeFocused();
  // Tab from a row reaches its file's Download, then leaves the list.
  await guest.keyboard.press("ArrowDown");
  await guest.keyboard.press("Tab");
  await expect(rows.nth(1).getByRole("button", { name: "Download f1.txt" })).toBeFocused();
  await guest.keyboard.press("Shift+Tab");
  await expect(rows.nth(1)).toBeFocused();

  // Enter on a file previews it; Escape gives the focus back to its row.
  await guest.keyboard.press("Enter");
  const dialog = guest.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "f1.txt" })).toBeVisible();
  await guest.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(rows.nth(1)).toBeFocused();
  // Enter on a folder opens it in place, and its list takes the focus.
  await guest.keyboard.press("Home");
  await guest.keyboard.press("Enter");
  await expect(guest).toHaveURL(/path=%2Finner/);
  await expect(guest.getByRole("grid", { name: "Keys/inner" }).getByTestId("share-row").first()).toBeFocused();
  expect(await focusedText()).toContain("deep.txt");

  // Grid: rows of cards as wide as fit, each card a cell; arrows move by card and by row.
  await guest.goto(`/share/${shareId}`);
  await guest.getByRole("button", { name: "Grid view" }).click();
  const grid = guest.getByRole("grid", { name: "Keys" });
  const cards = grid.getByTestId("share-card");
  await expect(cards).toHaveCount(8);
  const columns = Number(await grid.getAttribute("aria-colcount"));
  expect(columns).toBeGreaterThan(1);
  expect(columns).toBeLessThan(8);
  await expect(grid.getByRole("row")).toHaveCount(Math.ceil(8 / columns));
  await expect(grid.getByRole("gridcell")).toHaveCount(8);
  // Each row holds the cards drawn side by side.
  const top = async (i: number) => (await cards.nth(i).boundingBox())?.y;
  expect(await top(columns - 1)).toBe(await top(0));
  expect(await top(columns)).toBeGreaterThan((await top(0)) ?? 0);

  await cards.first().focus();
  await guest.keyboard.press("ArrowRight");
  await expect(cards.nth(1)).toBeFocused();
  await guest.keyboard.press("ArrowDown");
  await expect(cards.nth(Math.min(1 + columns, 7))).toBeFocused();
  await guest.keyboard.press("ArrowUp");
  await expect(cards.nth(1)).toBeFocused();
  await guest.keyboard.press("ArrowLeft");
  await expect(cards.first()).toBeFocused();
  await guest.keyboard.press("End");
  await expect(cards.nth(7)).toBeFocused();
  await guest.keyboard.press("Enter");
  await expect(dialog.getByRole("heading", { name: "f7.txt" })).toBeVisible();
  await guest.keyboard.press("Escape");
  await expect(cards.nth(7)).toBeFocused();
  await guest.keyboard.press("Home");
  await guest.keyboard.press("Enter");
  await expect(guest).toHaveURL(/path=%2Finner/);
  await expect(guest.getByRole("grid", { name: "Keys/inner" }).getByTestId("share-card").first()).toBeFocused();
  await guest.context().close();
});
