import fs from "node:fs";
import path from "node:path";
import type { Page, Route } from "@playwright/test";
import { type DriveApi, expect, test } from "../../fixtures.js";
import { expectNoSeriousA11yViolations } from "../../lib/axe.js";
import { asTeldrive18 } from "../../lib/teldrive.js";
import { readZip } from "../../lib/unzip.js";
import { bytesOf, openDrive, row, sha256 } from "./helpers.js";

const selection = (page: Page) => page.getByRole("toolbar", { name: "Selection" });
const zipPanel = (page: Page) => page.getByRole("region", { name: "Zip downloads" });

test("a folder tree and a file download as one zip: every byte, every name, the folder structure", async ({
  authedPage: page,
  api,
}) => {
  // Tree: nested folders, an empty folder, Unicode names, names that only differ in case or normalisation, a name
  // with backslashes, an empty file, and a multi-part encrypted file.
  const files: Record<string, Buffer> = {};
  const put = async (
    folder: string,
    name: string,
    bytes: Buffer,
    opts: { partSize?: number; encrypted?: boolean } = {},
  ) => {
    await api.uploadFile(folder, name, bytes, opts);
    return bytes;
  };
  await api.mkdir("/Album/nested/deeper");
  await api.mkdir("/Album/empty folder");
  await api.mkdir("/Album/Ünïcödé 文件夹");
  files["Album/Report.txt"] = await put("/Album", "Report.txt", Buffer.from("upper case"));
  files["Album/report (2).txt"] = await put("/Album", "report.txt", Buffer.from("lower case"));
  files["Album/Cafe\u0301.txt"] = await put("/Album", "Cafe\u0301.txt", Buffer.from("decomposed"));
  files["Album/Caf\u00e9 (2).txt"] = await put("/Album", "Caf\u00e9.txt", Buffer.from("composed"));
  files["Album/.._.._evil.txt"] = await put("/Album", "..\\..\\evil.txt", Buffer.from("stays inside"));
  files["Album/zero.bin"] = await put("/Album", "zero.bin", Buffer.alloc(0));
  files["Album/nested/deeper/日本語 ファイル 🎉.bin"] = await put(
    "/Album/nested/deeper",
    "日本語 ファイル 🎉.bin",
    bytesOf(70_001, 3),
  );
  files["Album/Ünïcödé 文件夹/big encrypted.bin"] = await put(
    "/Album/Ünïcödé 文件夹",
    "big encrypted.bin",
    bytesOf(3 * 1024 * 1024 + 123, 7),
    { partSize: 1024 * 1024, encrypted: true },
  );
  files["loose.txt"] = await put("/", "loose.txt", Buffer.from("next to the folder"));

  await openDrive(page);
  await row(page, "Album").click();
  await row(page, "loose.txt").click({ modifiers: ["ControlOrMeta"] });
  const downloading = page.waitForEvent("download");
  await selection(page).getByRole("button", { name: "Download as zip" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("2 items.zip");

  const zip = await readZip(await download.path());
  expect(zip.folders.sort()).toEqual(
    ["Album/", "Album/empty folder/", "Album/nested/", "Album/nested/deeper/", "Album/Ünïcödé 文件夹/"].sort(),
  );
  const expected = Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, sha256(bytes)]));
  expect(zip.files).toEqual(expected);

  const panel = zipPanel(page);
  await expect(panel.getByRole("heading", { name: "2 items.zip is downloaded" })).toBeVisible();
  await expect(panel).toContainText("9 files");
  await panel.getByRole("button", { name: "Dismiss 2 items.zip" }).click();
  await expect(panel).toHaveCount(0);
});

test("the context menu zips one folder under its own name", async ({ authedPage: page, api }) => {
  await api.mkdir("/Photos 2024/summer");
  const photo = bytesOf(10_000, 5);
  await api.uploadFile("/Photos 2024/summer", "beach.jpg", photo, { mimeType: "image/jpeg" });
  await openDrive(page);
  await row(page, "Photos 2024").click({ button: "right" });
  const downloading = page.waitForEvent("download");
  await page.getByRole("menu").getByRole("menuitem", { name: "Download as zip" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Photos 2024.zip");
  const zip = await readZip(await download.path());
  expect(zip.files).toEqual({ "Photos 2024/summer/beach.jpg": sha256(photo) });
  expect(zip.folders.sort()).toEqual(["Photos 2024/", "Photos 2024/summer/"]);
});

/** A folder of two files whose second file's answer is held back: the zip is caught half-way. */
async function zipCaughtHalfWay(page: Page, api: DriveApi) {
  await api.mkdir("/Slow");
  await api.uploadFile("/Slow", "1 first.bin", bytesOf(200_000, 11));
  const second = await api.uploadFile("/Slow", "2 second.bin", bytesOf(100_000, 12));
  let held: Route | undefined;
  const reached = new Promise<void>((resolve) => {
    void page.route(`**/api/files/${second.id}/**`, (route) => {
      held = route;
      resolve();
    });
  });
  await openDrive(page);
  await row(page, "Slow").click();
  const downloading = page.waitForEvent("download");
  await selection(page).getByRole("button", { name: "Download as zip" }).click();
  const download = await downloading;
  await reached;
  const panel = zipPanel(page);
  await expect(panel.getByRole("heading", { name: "Zipping Slow.zip" })).toBeVisible();
  await expect(panel).toContainText("1 of 2 files · 195.3 KB of 293 KB");
  // The request may already be gone (the page aborted it); releasing it is then a no-op.
  const release = () => held?.abort().catch(() => {});
  return { download, panel, release };
}

test("progress while zipping, and Cancel leaves no completed download", async ({ authedPage: page, api }) => {
  const { download, panel, release } = await zipCaughtHalfWay(page, api);
  await expect(panel.getByRole("progressbar", { name: "Slow.zip progress" })).toHaveAttribute("aria-valuenow", "66");
  await expectNoSeriousA11yViolations(page, "zip panel", { include: '[aria-label="Zip downloads"]' });

  await panel.getByRole("button", { name: "Cancel Slow.zip" }).click();
  await expect(panel.getByRole("heading", { name: "Slow.zip cancelled" })).toBeVisible();
  await expect(panel).toContainText("Nothing was saved.");
  expect(await download.failure()).not.toBeNull();
  await release();
});

test("cancelling the download in the browser stops the zip", async ({ authedPage: page, api }) => {
  const { download, panel, release } = await zipCaughtHalfWay(page, api);
  await download.cancel();
  await expect(panel.getByRole("heading", { name: "Slow.zip cancelled" })).toBeVisible();
  await expect(panel).toContainText("The download was stopped in the browser; nothing was saved.");
  expect(await download.failure()).not.toBeNull();
  await release();
});

/** Every part file on the server's disk (DATA_DIR/channels/<channel>/<part>). */
function partFiles(dataDir: string): Set<string> {
  const channels = path.join(dataDir, "channels");
  if (!fs.existsSync(channels)) return new Set();
  return new Set(
    fs
      .readdirSync(channels)
      .flatMap((c) => fs.readdirSync(path.join(channels, c)).map((p) => path.join(channels, c, p))),
  );
}

test("a file the server cannot read is left out and listed; the rest of the zip is whole", async ({
  authedPage: page,
  api,
  server,
}) => {
  await api.mkdir("/Mixed");
  const good = bytesOf(5_000, 21);
  await api.uploadFile("/Mixed", "good.bin", good);
  // A lost part (a disk fault, or Telegram losing a message): the server answers an error before any byte.
  const before = partFiles(server.dataDir);
  await api.uploadFile("/Mixed", "lost.bin", bytesOf(5_000, 22));
  const lost = [...partFiles(server.dataDir)].filter((p) => !before.has(p));
  expect(lost).toHaveLength(1);
  for (const part of lost) fs.rmSync(part);

  await openDrive(page);
  await row(page, "Mixed").click();
  const downloading = page.waitForEvent("download");
  await selection(page).getByRole("button", { name: "Download as zip" }).click();
  const zip = await readZip(await (await downloading).path());
  expect(zip.files).toEqual({ "Mixed/good.bin": sha256(good) });

  const panel = zipPanel(page);
  await expect(panel.getByRole("heading", { name: "Mixed.zip is downloaded" })).toBeVisible();
  await panel.getByText("1 file is not in the archive (could not be read)").click();
  await expect(panel).toContainText(/Mixed\/lost\.bin: the server answered \d{3}/);
});

test("the phone's action sheet offers a folder as a zip", { tag: "@phone" }, async ({ authedPage: page, api }) => {
  await api.mkdir("/Trip");
  const notes = Buffer.from("day one");
  await api.uploadFile("/Trip", "notes.txt", notes);
  await openDrive(page);
  const folder = row(page, "Trip");
  await folder.dispatchEvent("pointerdown", { pointerType: "touch", isPrimary: true, bubbles: true });
  const sheet = page.getByRole("dialog", { name: "Trip" });
  const downloading = page.waitForEvent("download");
  await sheet.getByRole("button", { name: "Download as zip" }).click();
  const zip = await readZip(await (await downloading).path());
  expect(zip.files).toEqual({ "Trip/notes.txt": sha256(notes) });
});

test("against a Teldrive 1.8 server (none of our own API) a folder still downloads as one zip", async ({
  authedPage: page,
  api,
}) => {
  // The zip is made in the browser from Teldrive's own calls (list by parentId, content URLs with the cookie).
  await asTeldrive18(page);
  await api.mkdir("/Shared drive/inside/empty");
  const video = bytesOf(2 * 1024 * 1024 + 17, 31);
  await api.uploadFile("/Shared drive/inside", "clip.mp4", video, {
    partSize: 512 * 1024,
    encrypted: true,
    mimeType: "video/mp4",
  });
  const readme = Buffer.from("read me");
  await api.uploadFile("/Shared drive", "README.md", readme);

  await openDrive(page);
  await row(page, "Shared drive").click();
  const downloading = page.waitForEvent("download");
  await selection(page).getByRole("button", { name: "Download as zip" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Shared drive.zip");
  const zip = await readZip(await download.path());
  expect(zip.files).toEqual({
    "Shared drive/README.md": sha256(readme),
    "Shared drive/inside/clip.mp4": sha256(video),
  });
  expect(zip.folders.sort()).toEqual(["Shared drive/", "Shared drive/inside/", "Shared drive/inside/empty/"]);
  await expect(zipPanel(page).getByRole("heading", { name: "Shared drive.zip is downloaded" })).toBeVisible();
});
