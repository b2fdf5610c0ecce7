// Issue 26 items 10, 14 and 23 ("+ New" on phones) and issue 24's Imports on a phone (390x844): what a user sees,
// measured by the boxes on screen.
import { expect, type Locator, type Page, test } from "../../fixtures.js";
import { type Box, box, overlap } from "../../lib/geometry.js";
import { asTeldrive18 } from "../../lib/teldrive.js";
import { createEmptyFile } from "../browsing/seed.js";
import { expectUploadsComplete, openDrive, row, uploadsPanel, uploadThroughPicker } from "../files/helpers.js";
import { png } from "../files/samples.js";

/** The controls a toast or banner must leave uncovered: the header, the list's toolbar, the bottom bar, "New". */
async function controls(page: Page): Promise<Array<[string, Box]>> {
  return [
    ["header", await box(page.getByRole("banner"))],
    ["toolbar", await box(page.getByTestId("file-toolbar"))],
    ["bottom bar", await box(page.getByRole("navigation", { name: "Main" }))],
    ["New", await box(page.getByRole("button", { name: "New", exact: true }))],
  ];
}

async function showGrid(page: Page) {
  await page.getByRole("button", { name: "View options" }).click();
  await page.getByRole("menuitemradio", { name: "Grid" }).click();
}

const touchHold = (target: Locator) =>
  target.dispatchEvent("pointerdown", { pointerType: "touch", isPrimary: true, bubbles: true });

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`grid in ${colorScheme}`, () => {
    test.use({ colorScheme });

    test("folders are compact tiles before the files: ten or more on the first screen, names on the files' edge", async ({
      authedPage: page,
      api,
    }) => {
      for (let i = 1; i <= 12; i++) await api.mkdir(`/Albums/Trip ${String(i).padStart(2, "0")}`);
      for (const name of ["a-notes.txt", "b-list.txt", "c-plan.txt"]) {
        await createEmptyFile(api.request, { name, path: "/Albums" });
      }
      await openDrive(page, "/Albums");
      await showGrid(page);
      const grid = page.getByRole("grid", { name: "My Drive /Albums" });
      await expect(grid.getByTitle("Trip 01", { exact: true })).toBeVisible();

      const listBox = await box(grid);
      const tiles = grid.locator("[data-folder]");
      let onFirstScreen = 0;
      for (const tile of await tiles.all()) {
        const b = await tile.boundingBox();
        if (b && b.y >= listBox.y && b.y + b.height <= listBox.y + listBox.height) onFirstScreen++;
        if (b) expect(b.height).toBeLessThanOrEqual(56);
      }
      expect(onFirstScreen).toBeGreaterThanOrEqual(10);

      // Folders first: the last folder sits above the first file.
      const lastFolder = await box(grid.getByTitle("Trip 12", { exact: true }));
      const firstFile = await box(grid.getByTitle("a-notes.txt", { exact: true }));
      expect(lastFolder.y).toBeLessThan(firstFile.y);
      // Each column's names start at one x, folders and files alike.
      const left = async (name: string) => (await box(grid.getByTitle(name, { exact: true }))).x;
      expect(Math.abs((await left("Trip 01")) - (await left("a-notes.txt")))).toBeLessThanOrEqual(2);
      expect(Math.abs((await left("Trip 02")) - (await left("b-list.txt")))).toBeLessThanOrEqual(2);
      // And a row's names share a line.
      const top = async (name: string) => (await box(grid.getByTitle(name, { exact: true }))).y;
      expect(Math.abs((await top("Trip 01")) - (await top("Trip 02")))).toBeLessThanOrEqual(2);
      expect(Math.abs((await top("a-notes.txt")) - (await top("b-list.txt")))).toBeLessThanOrEqual(2);

      // The keyboard still walks the grid: Down from the second column's last folder row reaches a file.
      await grid.getByTitle("Trip 12", { exact: true }).click();
      await page.keyboard.press("ArrowDown");
      await expect(grid.locator("[aria-selected=true]")).toHaveAttribute("aria-label", /^b-list\.txt,/);
      // A tap opens a folder tile.
      await grid.getByTitle("Trip 03", { exact: true }).tap();
      await expect(page).toHaveURL(/path=%2FAlbums%2FTrip(%20|\+)03$/);
    });
  });
}

test("select mode shows a check box on each row and card, where the icon was; taps tick them", async ({
  authedPage: page,
  api,
}) => {
  await api.mkdir("/Work/Reports");
  await createEmptyFile(api.request, { name: "draft.txt", path: "/Work" });
  await createEmptyFile(api.request, { name: "final.txt", path: "/Work" });
  await openDrive(page, "/Work");
  const list = page.getByRole("grid", { name: "My Drive /Work" });
  await expect(row(page, "draft.txt")).toBeVisible();
  await expect(list.locator("[data-select-mark]")).toHaveCount(0);

  await page.getByRole("button", { name: "Select", exact: true }).tap();
  await expect(list.locator("[data-select-mark]")).toHaveCount(3);
  await row(page, "draft.txt").tap();
  const mark = row(page, "draft.txt").locator("[data-select-mark]");
  await expect(mark).toHaveAttribute("data-select-mark", "checked");
  await expect(row(page, "final.txt").locator("[data-select-mark]")).toHaveAttribute("data-select-mark", "unchecked");
  const markBox = await box(mark);
  expect(markBox.width).toBeGreaterThanOrEqual(18);
  expect(overlap(markBox, await box(row(page, "draft.txt").getByTitle("draft.txt")))).toBe(false);
  // The name stays where it was: the box takes the icon's place.
  await row(page, "draft.txt").tap();
  await expect(mark).toHaveAttribute("data-select-mark", "unchecked");

  await showGrid(page);
  await expect(list.locator("[data-select-mark]")).toHaveCount(3);
  await list.getByTitle("Reports", { exact: true }).tap();
  await expect(list.locator("[data-select-mark=checked]")).toHaveCount(1);
  await page.getByRole("button", { name: "Clear selection" }).tap();
  await expect(list.locator("[data-select-mark]")).toHaveCount(0);
});

test("a row with a thumbnail has its name where a row with an icon has it", async ({ authedPage: page, api }) => {
  await api.mkdir("/Pics");
  await api.uploadFile("/Pics", "beach.png", png(300, [40, 120, 200]), { mimeType: "image/png" });
  await createEmptyFile(api.request, { name: "notes.txt", path: "/Pics" });
  await openDrive(page, "/Pics");
  const picture = row(page, "beach.png").locator("img");
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const withPicture = await box(row(page, "beach.png").getByTitle("beach.png"));
  const withIcon = await box(row(page, "notes.txt").getByTitle("notes.txt"));
  expect(Math.abs(withPicture.x - withIcon.x)).toBeLessThanOrEqual(1);
});

test("New floats at the bottom right under the thumb, clear of the last row; hidden while selecting", async ({
  authedPage: page,
  api,
}) => {
  await api.mkdir("/Many");
  for (let i = 1; i <= 30; i++) {
    await createEmptyFile(api.request, { name: `item-${String(i).padStart(2, "0")}.txt`, path: "/Many" });
  }
  await openDrive(page, "/Many");
  const list = page.getByRole("grid", { name: "My Drive /Many" });
  await expect(row(page, "item-01.txt")).toBeVisible();
  const newButton = page.getByRole("button", { name: "New", exact: true });
  const fab = await box(newButton);
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  expect(fab.width).toBeGreaterThanOrEqual(48);
  expect(fab.x).toBeGreaterThan(viewport.width / 2);
  expect(fab.y).toBeGreaterThan(viewport.height / 2);
  const bar = await box(page.getByRole("navigation", { name: "Main" }));
  expect(overlap(fab, bar)).toBe(false);
  // Not in the toolbar any more: one New on the screen.
  await expect(page.getByRole("button", { name: "New", exact: true })).toHaveCount(1);

  // At the list's end the last row scrolls clear of the button.
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const last = row(page, "item-30.txt");
  await expect(last).toBeVisible();
  await expect.poll(async () => (await box(last)).y + (await box(last)).height <= fab.y).toBe(true);

  await newButton.tap();
  await expect(page.getByRole("menuitem")).toHaveText(["New folder", "Upload file", "Upload folder"]);
  await page.getByRole("menuitem", { name: "New folder" }).tap();
  const dialog = page.getByRole("dialog", { name: "New folder" });
  await dialog.getByRole("textbox").fill("Made on a phone");
  await dialog.getByRole("button", { name: "Create" }).tap();
  // Folders come first: the new one is at the top.
  await list.evaluate((el) => el.scrollTo(0, 0));
  await expect(row(page, "Made on a phone")).toBeVisible();

  // Keyboard: the button is reachable and opens its menu with Enter.
  await newButton.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Upload file" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(newButton).toBeFocused();

  await page.getByRole("button", { name: "Select", exact: true }).tap();
  await expect(newButton).toBeHidden();
  await page.getByRole("button", { name: "Select", exact: true }).tap();
  await expect(newButton).toBeVisible();
  await touchHold(row(page, "item-02.txt"));
  await page.getByRole("dialog", { name: "item-02.txt" }).press("Escape");
  await expect(page.getByRole("toolbar", { name: "Selection" })).toBeVisible();
  await expect(newButton).toBeHidden();
});

test("a toast and the offline banner cover none of the controls", async ({ authedPage: page, api, context }) => {
  await createEmptyFile(api.request, { name: "old.txt" });
  await createEmptyFile(api.request, { name: "keep.txt" });
  await openDrive(page);
  await touchHold(row(page, "old.txt"));
  await page.getByRole("dialog", { name: "old.txt" }).getByRole("button", { name: "Delete" }).tap();
  await page.getByRole("dialog", { name: 'Delete "old.txt"?' }).getByRole("button", { name: "Delete" }).tap();
  await expect(row(page, "old.txt")).toHaveCount(0);
  const toast = page.getByRole("status").filter({ hasText: 'Deleted "old.txt"' });
  await expect(toast).toBeVisible();
  const toastBox = await box(toast);
  for (const [name, control] of await controls(page)) expect(overlap(toastBox, control), name).toBe(false);

  await context.setOffline(true);
  const banner = page.getByRole("status").filter({ hasText: "You're offline" });
  await expect(banner).toBeVisible();
  const bannerBox = await box(banner);
  for (const [name, control] of await controls(page)) expect(overlap(bannerBox, control), name).toBe(false);
  await context.setOffline(false);
});

test("Imports has a place in a phone's navigation where the server has jobs", async ({ authedPage: page }) => {
  await openDrive(page);
  await page.getByRole("button", { name: "Account menu" }).tap();
  await page.getByRole("menuitem", { name: "Imports" }).tap();
  await expect(page.getByRole("heading", { name: "Imports", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/jobs$/);
});

test("a server without jobs (Teldrive 1.8) has no Imports entry", async ({ authedPage: page }) => {
  await asTeldrive18(page);
  await openDrive(page);
  await page.getByRole("button", { name: "Account menu" }).tap();
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Imports" })).toHaveCount(0);
});

test("New rises above the open upload, zip and other device's upload panels, which stack; it still answers a tap", async ({
  authedPage: page,
  api,
  user,
  newSession,
}) => {
  await api.mkdir("/Trip");
  await api.uploadFile("/Trip", "notes.txt", Buffer.from("day one"));
  // The tab's event stream is connected, so another device's upload shows below.
  const live = page.waitForResponse((r) => r.url().includes("/api/events/stream") && r.status() === 200);
  await openDrive(page);
  await live;
  const newButton = page.getByRole("button", { name: "New", exact: true });
  const resting = await box(newButton);
  const clearOf = async (panel: Locator) => {
    const [fab, covered] = [await box(newButton), await box(panel)];
    return !overlap(fab, covered) && fab.y + fab.height <= covered.y;
  };

  await uploadThroughPicker(page, [{ name: "beach.png", mimeType: "image/png", buffer: png(64, [40, 120, 200]) }]);
  await expectUploadsComplete(page);
  await expect.poll(() => clearOf(uploadsPanel(page))).toBe(true);
  // In reach and working while the panel is open.
  await newButton.tap();
  await page.getByRole("menuitem", { name: "New folder" }).tap();
  const dialog = page.getByRole("dialog", { name: "New folder" });
  await dialog.getByRole("textbox").fill("Made beside uploads");
  await dialog.getByRole("button", { name: "Create" }).tap();
  await expect(row(page, "Made beside uploads")).toBeVisible();
  // Its toast rises too: it covers neither New nor the panel.
  const toast = page.getByRole("status").filter({ hasText: 'Folder "Made beside uploads" created' });
  await expect(toast).toBeVisible();
  // Polled: the toast slides in, and the stack settles its heights over a few resize rounds.
  await expect.poll(async () => overlap(await box(toast), await box(newButton))).toBe(false);
  await expect.poll(async () => overlap(await box(toast), await box(uploadsPanel(page)))).toBe(false);
  // With the panel gone it is back under the thumb.
  await uploadsPanel(page).getByRole("button", { name: "Clear finished uploads" }).tap();
  await expect(uploadsPanel(page)).toHaveCount(0);
  await expect.poll(async () => (await box(newButton)).y).toBe(resting.y);

  await touchHold(row(page, "Trip"));
  const downloading = page.waitForEvent("download");
  await page.getByRole("dialog", { name: "Trip" }).getByRole("button", { name: "Download as zip" }).tap();
  await downloading;
  const zips = page.getByRole("region", { name: "Zip downloads" });
  await expect(zips).toBeVisible();
  // The hold selected the folder (New hides while selecting); done with it, New is back, above the zip.
  await page.getByRole("button", { name: "Clear selection" }).tap();
  await expect(newButton).toBeVisible();
  await expect.poll(() => clearOf(zips)).toBe(true);

  // Another device of the same account is sending a file: its panel joins, and New stays clear of both.
  const device = await newSession(user.phone);
  const part = await device.context.request.post(
    "/api/uploads/elsewhere-1?partName=holiday.mp4.part.1&fileName=holiday.mp4&partNo=1",
    { headers: { "content-type": "application/octet-stream" }, data: Buffer.alloc(64 * 1024, 1) },
  );
  expect(part.status()).toBe(200);
  const remote = page.getByRole("region", { name: "Uploads from other devices" });
  await expect(remote).toBeVisible();
  await expect.poll(async () => (await clearOf(remote)) && (await clearOf(zips))).toBe(true);
  // The panels stack, the first opened lowest, rather than covering each other.
  await expect.poll(async () => (await box(remote)).y + (await box(remote)).height <= (await box(zips)).y).toBe(true);
  await newButton.tap();
  await expect(page.getByRole("menuitem", { name: "Upload file" })).toBeVisible();
  await page.keyboard.press("Escape");

  // All three at once, the uploads' list long: the stack is capped, so the list keeps at least half the screen.
  const shots = Array.from({ length: 8 }, (_, i) => `shot-${i + 1}.png`);
  await uploadThroughPicker(
    page,
    shots.map((name, i) => ({ name, mimeType: "image/png", buffer: png(16, [i * 30, 90, 200]) })),
  );
  await expectUploadsComplete(page);
  const uploads = page.getByRole("region", { name: "Uploads", exact: true });
  // The other device is still sending.
  const more = await device.context.request.post(
    "/api/uploads/elsewhere-1?partName=holiday.mp4.part.2&fileName=holiday.mp4&partNo=2",
    { headers: { "content-type": "application/octet-stream" }, data: Buffer.alloc(64 * 1024, 2) },
  );
  expect(more.status()).toBe(200);
  await expect(remote).toBeVisible();
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  const listTop = (await box(page.getByRole("grid", { name: "My Drive" }))).y;
  const stackTop = async () =>
    Math.min(...(await Promise.all([uploads, zips, remote].map(async (p) => (await box(p)).y))));
  await expect.poll(async () => (await stackTop()) - listTop).toBeGreaterThanOrEqual(viewport.height / 2);
  // Still a stack, none over another, and New above it all, in reach.
  const [low, middle, high] = await Promise.all([zips, remote, uploads].map((p) => box(p)));
  if (!low || !middle || !high) throw new Error("a panel is not on screen");
  expect(middle.y + middle.height).toBeLessThanOrEqual(low.y);
  expect(high.y + high.height).toBeLessThanOrEqual(middle.y);
  await expect.poll(() => clearOf(uploads)).toBe(true);
  // The uploads panel, held low, keeps its header line, and its buttons work.
  await expect(uploads.getByRole("heading", { name: "Uploads complete" })).toBeInViewport();
  await expect(uploads.getByRole("button", { name: "Clear finished uploads" })).toBeInViewport();
  await newButton.tap();
  await expect(page.getByRole("menuitem", { name: "Upload file" })).toBeVisible();
  await page.keyboard.press("Escape");
  // Cleared, it makes room: the zip panel below is held no more.
  await uploads.getByRole("button", { name: "Clear finished uploads" }).tap();
  await expect(uploads).toHaveCount(0);
  await expect.poll(() => zips.evaluate((el) => el.style.maxHeight)).toBe("");
});
