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
  await expect(guest.getByRole("table", { name: "Holiday" })).toBeVisible();
  await expectThumbnail(shareRow(guest, "sunset.png"), shareId);

  // Grid, remembered across a reload.
  await guest.getByRole("button", { name: "Grid view" }).click();
  await expect(guest.getByRole("list", { name: "Holiday" })).toBeVisible();
  await expect(guest.getByTestId("share-row")).toHaveCount(0);
  await guest.reload();
  await expect(card(guest, "beach")).toContainText("Folder");
  await expectThumbnail(card(guest, "sunset.png"), shareId);
  await expect(guest.getByRole("button", { name: "List view" })).toBeVisible();

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
