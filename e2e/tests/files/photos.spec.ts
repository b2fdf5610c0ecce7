// Photos: every picture and video of the drive by month, newest first, from the real server's `GET /files`.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "../../fixtures.js";
import { expectNoSeriousA11yViolations } from "../../lib/axe.js";
import { createEmptyFile } from "../browsing/seed.js";
import { png } from "./samples.js";

// Month names and boundaries as a user in UTC writing English sees them.
test.use({ locale: "en-US", timezoneId: "UTC" });

const tiles = (page: Page) => page.getByTestId("photos-timeline").getByTestId("photo-tile");
const preview = (page: Page) => page.getByRole("dialog");

async function openPhotos(page: Page): Promise<void> {
  await page.getByRole("navigation").getByRole("link", { name: "Photos" }).first().click();
  await expect(page).toHaveURL(/\/photos$/);
  await expect(page.getByRole("heading", { level: 1, name: "Photos" })).toBeVisible();
}

test("pictures and videos of the whole drive are grouped by month, newest first, and open in the preview", async ({
  authedPage: page,
  api,
}) => {
  const dated = async (path: string, name: string, updatedAt: string, bytes: Buffer | string, mimeType: string) => {
    const file = await api.uploadFile(path, name, bytes, { mimeType });
    const res = await api.request.patch(`/api/files/${file.id}`, { data: { updatedAt } });
    expect(res.ok()).toBe(true);
  };
  await api.mkdir("/Trips/2024");
  await dated("/", "beach.png", "2026-03-15T12:00:00Z", png(8, [30, 120, 200]), "image/png");
  await dated("/", "garden.png", "2026-03-02T12:00:00Z", png(8, [40, 160, 60]), "image/png");
  await dated("/", "clip.mp4", "2025-12-20T12:00:00Z", "not really a video", "video/mp4");
  await dated("/Trips/2024", "alps.png", "2024-07-10T12:00:00Z", png(8, [200, 200, 200]), "image/png");
  // Not a picture or a video: not in Photos.
  await dated("/", "notes.txt", "2026-03-20T12:00:00Z", "hello", "text/plain");

  await openPhotos(page);
  const timeline = page.getByTestId("photos-timeline");
  await expect(timeline.getByRole("heading", { level: 2 })).toHaveText(["March 2026", "December 2025", "July 2024"]);
  await expect(tiles(page)).toHaveCount(4);
  expect(await tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute("title")))).toEqual([
    "beach.png",
    "garden.png",
    "clip.mp4",
    "alps.png",
  ]);
  await expect(page.getByText("4 pictures and videos")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "/photos");
  await expect(tiles(page).nth(2)).toHaveAccessibleName("clip.mp4, video, December 20, 2025");

  // The preview walks the whole timeline, into other folders.
  await tiles(page).nth(1).click();
  await expect(preview(page).getByRole("heading", { name: "garden.png" })).toBeVisible();
  await expect(preview(page)).toContainText("2 of 4");
  await page.keyboard.press("ArrowRight");
  await expect(preview(page).getByRole("heading", { name: "clip.mp4" })).toBeVisible();
  // 18 bytes that are no video: the player gives way to its message every time.
  await expect(preview(page).getByText("Your browser can't play this video.")).toBeVisible();
  // While a video player is up the arrows seek, so the button moves on.
  await preview(page).getByRole("button", { name: "Next file" }).click();
  await expect(preview(page).getByRole("heading", { name: "alps.png" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(preview(page)).toBeHidden();
  // The focus is back on the tile that opened it; the keys move it across months.
  await expect(tiles(page).nth(1)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(tiles(page).nth(2)).toBeFocused();
  await page.keyboard.press("End");
  await expect(tiles(page).nth(3)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(tiles(page).nth(0)).toBeFocused();
  // Down and Up go month to month, to the same column or a shorter row's last tile, and stop at the ends.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await expect(tiles(page).nth(2)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(tiles(page).nth(3)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(tiles(page).nth(3)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(tiles(page).nth(0)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(tiles(page).nth(0)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(preview(page).getByRole("heading", { name: "beach.png" })).toBeVisible();
});

test("a long timeline is read page by page as it scrolls, renders only the rows near the view, and keeps its month on top", async ({
  authedPage: page,
  api,
}) => {
  // 30 a month for 20 months: 600 files, more than one page of the API (500).
  const months = 20;
  const perMonth = 30;
  const files = Array.from({ length: months * perMonth }, (_, i) => {
    const month = Math.floor(i / perMonth);
    const day = 27 - (i % perMonth) * 0.9;
    const date = new Date(Date.UTC(2026, 5 - month, 1) + day * 86_400_000);
    return { name: `pic-${String(i + 1).padStart(3, "0")}.jpg`, updatedAt: date.toISOString() };
  });
  for (let i = 0; i < files.length; i += 10)
    await Promise.all(
      files.slice(i, i + 10).map((f) => createEmptyFile(api.request, { ...f, mimeType: "image/jpeg" })),
    );

  await openPhotos(page);
  await expect(page.getByText("600 pictures and videos")).toBeVisible();
  const timeline = page.getByTestId("photos-timeline");
  await expect(timeline.getByRole("heading", { level: 2 }).first()).toHaveText("June 2026");
  await expect(page.getByTestId("photos-current-month")).toHaveText("June 2026");
  // Only the rows in and near the view are in the page.
  expect(await tiles(page).count()).toBeLessThan(200);

  // The keys walk to the end: each End reaches the last tile loaded, which reads the next page.
  await tiles(page).first().focus();
  await expect
    .poll(async () => {
      await page.keyboard.press("End");
      return page.evaluate(() => document.activeElement?.getAttribute("title"));
    })
    .toBe("pic-600.jpg");
  await expect(page.getByTestId("photos-current-month")).toHaveText("November 2024");
  await expect(timeline.getByRole("heading", { name: "November 2024" })).toBeVisible();
  await expect(timeline.getByRole("heading", { name: "June 2026" })).toHaveCount(0);
  expect(await tiles(page).count()).toBeLessThan(200);

  await page.keyboard.press("Home");
  await expect(tiles(page).first()).toBeFocused();
  await expect(page.getByTestId("photos-current-month")).toHaveText("June 2026");
});

test("a picture uploaded today but taken in 2019 sits in its month once the server has read its date", async ({
  authedPage: page,
  api,
}) => {
  // A phone photo as the camera wrote it: EXIF DateTimeOriginal with the camera's offset.
  const taken = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a6" } })
    .withExif({ IFD2: { DateTimeOriginal: "2019:07:14 10:30:00", OffsetTimeOriginal: "+02:00" } })
    .jpeg()
    .toBuffer();
  const old = await api.uploadFile("/", "lake.jpg", taken, { mimeType: "image/jpeg" });
  await api.uploadFile("/", "today.png", png(8, [30, 120, 200]), { mimeType: "image/png" });
  // The server reads the date as it renders the first thumbnail (here asked for directly, as a tile would).
  const thumbnail = await api.request.get(`/api/thumbnails/${old.id}?w=360`);
  expect(thumbnail.ok()).toBe(true);

  await openPhotos(page);
  const timeline = page.getByTestId("photos-timeline");
  const thisMonth = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );
  await expect(timeline.getByRole("heading", { level: 2 })).toHaveText([thisMonth, "July 2019"]);
  expect(await tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute("title")))).toEqual([
    "today.png",
    "lake.jpg",
  ]);
  // The tile names the day it was taken, not the upload's.
  await expect(tiles(page).nth(1)).toHaveAccessibleName(/^lake\.jpg, .*July 14, 2019$/);
});

test.describe("for a viewer west of UTC", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("a picture taken just after midnight on 1 July, with or without the camera's offset, sits in July on the 1st", async ({
    authedPage: page,
    api,
  }) => {
    const jpeg = (exif: Record<string, string>) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a6" } })
        .withExif({ IFD2: exif })
        .jpeg()
        .toBuffer();
    // In UTC, and so in Los Angeles, the first was still 30 June; the camera's clock said 1 July for both.
    const withOffset = await api.uploadFile(
      "/",
      "berlin.jpg",
      await jpeg({ DateTimeOriginal: "2025:07:01 00:30:00", OffsetTimeOriginal: "+02:00" }),
      { mimeType: "image/jpeg" },
    );
    const without = await api.uploadFile("/", "no-zone.jpg", await jpeg({ DateTimeOriginal: "2025:07:01 00:20:00" }), {
      mimeType: "image/jpeg",
    });
    for (const file of [withOffset, without])
      expect((await api.request.get(`/api/thumbnails/${file.id}?w=360`)).ok()).toBe(true);

    await openPhotos(page);
    const timeline = page.getByTestId("photos-timeline");
    await expect(timeline.getByRole("heading", { level: 2 })).toHaveText(["July 2025"]);
    await expect(tiles(page).nth(0)).toHaveAccessibleName(/^berlin\.jpg, .*July 1, 2025$/);
    await expect(tiles(page).nth(1)).toHaveAccessibleName(/^no-zone\.jpg, .*July 1, 2025$/);
  });
});
