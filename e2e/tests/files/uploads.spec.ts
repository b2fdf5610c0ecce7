import fs from "node:fs/promises";
import path from "node:path";
import type { Request } from "@playwright/test";
import { expect, setSettings, test } from "../../fixtures.js";
import {
  bytesOf,
  downloadedBytes,
  expectUploadsComplete,
  findFile,
  openDrive,
  row,
  sha256,
  uploadsPanel,
  uploadThroughPicker,
} from "./helpers.js";

const PART = 65_536;
/** Sizes on both sides of the part boundaries, and an empty file. */
const SIZES = [0, 1_000, PART - 1, PART, PART + 1, 3 * PART + 17];

const partNoOf = (request: Request) => Number(new URL(request.url()).searchParams.get("partNo"));
const isPartPost = (request: Request) =>
  request.method() === "POST" && /\/api\/uploads\/[0-9a-f]{64}\?/.test(request.url());

for (const encryptFiles of [false, true]) {
  test(`uploads several files across part boundaries byte-identical (encryption ${encryptFiles ? "on" : "off"})`, async ({
    authedPage: page,
    api,
  }) => {
    await setSettings(page, { splitFileSize: PART, uploadConcurrency: "3", encryptFiles });
    await openDrive(page);
    const files = SIZES.map((size, i) => ({
      name: `file-${size}.bin`,
      mimeType: "application/octet-stream",
      buffer: bytesOf(size, i + 1),
    }));
    const parts: Request[] = [];
    page.on("request", (r) => isPartPost(r) && parts.push(r));
    await uploadThroughPicker(page, files);
    await expectUploadsComplete(page);
    for (const file of files) await expect(row(page, file.name)).toBeVisible();

    // Parts were cut at the setting: the biggest file went as 4 parts.
    const biggest = parts.filter((r) => new URL(r.url()).searchParams.get("fileName") === "file-196625.bin");
    expect(biggest.map(partNoOf).sort()).toEqual([1, 2, 3, 4]);
    expect(parts.every((r) => new URL(r.url()).searchParams.get("encrypted") === String(encryptFiles))).toBe(true);

    for (const file of files) {
      const stored = await findFile(api, "/", file.name);
      expect(stored.size ?? 0).toBe(file.buffer.length);
      expect(Boolean(stored.encrypted)).toBe(encryptFiles);
      expect(sha256(await api.download(stored))).toBe(sha256(file.buffer));
    }

    // And through the UI's own download.
    await row(page, "file-196625.bin").click();
    const download = page.waitForEvent("download");
    await page.getByRole("toolbar", { name: "Selection" }).getByRole("button", { name: "Download" }).click();
    expect(sha256(await downloadedBytes(await download))).toBe(sha256(files[5]?.buffer ?? Buffer.alloc(0)));
  });
}

test("uploads a folder tree picked with the folder picker", async ({ authedPage: page, api }, testInfo) => {
  await setSettings(page, { splitFileSize: PART });
  const root = testInfo.outputPath("photos");
  await fs.mkdir(path.join(root, "2024", "summer"), { recursive: true });
  const tree: Record<string, Buffer> = {
    "a.txt": bytesOf(10, 1),
    "2024/b.bin": bytesOf(PART + 5, 2),
    "2024/summer/c.bin": bytesOf(2 * PART, 3),
  };
  for (const [rel, bytes] of Object.entries(tree)) await fs.writeFile(path.join(root, rel), bytes);
  await openDrive(page);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("toolbar", { name: "Folder" }).getByRole("button", { name: "Upload folder" }).click();
  await (await chooser).setFiles(root);
  await expectUploadsComplete(page);
  await expect(row(page, "photos")).toBeVisible();
  expect(sha256(await api.download(await findFile(api, "/photos", "a.txt")))).toBe(sha256(tree["a.txt"] as Buffer));
  expect(sha256(await api.download(await findFile(api, "/photos/2024", "b.bin")))).toBe(
    sha256(tree["2024/b.bin"] as Buffer),
  );
  expect(sha256(await api.download(await findFile(api, "/photos/2024/summer", "c.bin")))).toBe(
    sha256(tree["2024/summer/c.bin"] as Buffer),
  );
});

test("uploads files dropped on the drive, into the folder shown", async ({ authedPage: page, api }) => {
  await api.mkdir("/Inbox");
  await openDrive(page, "/Inbox");
  const zone = page.getByTestId("upload-drop-zone");
  const data = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(["first dropped file"], "one.txt", { type: "text/plain" }));
    dt.items.add(new File([new Uint8Array(70_000).fill(7)], "two.bin"));
    return dt;
  });
  await zone.dispatchEvent("dragenter", { dataTransfer: data });
  await expect(page.getByText("Drop to upload to /Inbox")).toBeVisible();
  await zone.dispatchEvent("dragover", { dataTransfer: data });
  await zone.dispatchEvent("drop", { dataTransfer: data });
  await expect(page.getByText("Drop to upload to /Inbox")).toBeHidden();
  await expectUploadsComplete(page);
  await expect(row(page, "one.txt")).toBeVisible();
  await expect(row(page, "two.bin")).toBeVisible();
  expect((await api.download(await findFile(api, "/Inbox", "one.txt"))).toString()).toBe("first dropped file");
  expect(sha256(await api.download(await findFile(api, "/Inbox", "two.bin")))).toBe(sha256(Buffer.alloc(70_000, 7)));
});

test("retries a part the network failed and still stores the exact bytes", async ({ authedPage: page, api }) => {
  await setSettings(page, { splitFileSize: PART, uploadConcurrency: "2" });
  await openDrive(page);
  let failed = 0;
  // A network fault on the way (not a mock of the server): the first POST of part 2 answers 500 once.
  await page.route(/\/api\/uploads\/[0-9a-f]{64}\?.*partNo=2/, async (route) => {
    if (route.request().method() === "POST" && failed === 0) {
      failed++;
      await route.fulfill({ status: 500, contentType: "application/json", body: '{"code":500,"message":"boom"}' });
      return;
    }
    await route.continue();
  });
  const sent: number[] = [];
  page.on("request", (r) => isPartPost(r) && sent.push(partNoOf(r)));
  const bytes = bytesOf(3 * PART + 100, 9);
  await uploadThroughPicker(page, [{ name: "flaky.bin", mimeType: "application/octet-stream", buffer: bytes }]);
  await expectUploadsComplete(page);
  expect(failed).toBe(1);
  expect(sent.filter((n) => n === 2)).toHaveLength(2);
  expect(sha256(await api.download(await findFile(api, "/", "flaky.bin")))).toBe(sha256(bytes));
});

test("marks a file failed with the reason, and Retry completes it", async ({ authedPage: page, api }) => {
  await setSettings(page, { splitFileSize: PART });
  await openDrive(page);
  let blocked = true;
  await page.route(/\/api\/uploads\/[0-9a-f]{64}\?/, async (route) => {
    if (blocked && route.request().method() === "POST") {
      await route.fulfill({
        status: 400,
        contentType: "application/json",
        body: '{"code":400,"message":"part rejected"}',
      });
      return;
    }
    await route.continue();
  });
  const bytes = bytesOf(PART + 1, 4);
  await uploadThroughPicker(page, [{ name: "refused.bin", mimeType: "application/octet-stream", buffer: bytes }]);
  const panel = uploadsPanel(page);
  await expect(panel.getByRole("heading", { name: "1 upload failed" })).toBeVisible();
  await expect(panel.getByRole("alert")).toContainText("part rejected");
  blocked = false;
  await panel.getByRole("button", { name: "Retry refused.bin" }).click();
  await expectUploadsComplete(page);
  expect(sha256(await api.download(await findFile(api, "/", "refused.bin")))).toBe(sha256(bytes));
});

test("resumes after a reload mid-upload without sending any part twice", async ({
  authedPage: page,
  api,
}, testInfo) => {
  await setSettings(page, { splitFileSize: PART, uploadConcurrency: "1" });
  // A file on disk keeps its lastModified across picks, so the upload id is the same after the reload.
  const file = testInfo.outputPath("big.bin");
  const bytes = bytesOf(6 * PART + 3, 5);
  await fs.writeFile(file, bytes);
  await openDrive(page);

  const sent: number[][] = [[], []];
  let session = 0;
  page.on("request", (r) => isPartPost(r) && sent[session]?.push(partNoOf(r)));
  // The connection stalls from part 4 on: parts 1-3 are stored, then the user reloads. A stalled request
  // never reaches the server; the reload drops it.
  let stall = true;
  await page.route(/\/api\/uploads\/[0-9a-f]{64}\?.*partNo=[4-9]/, async (route) => {
    if (!stall) await route.continue();
  });
  const stored = Promise.all(
    [1, 2, 3].map((n) =>
      page.waitForResponse((res) => isPartPost(res.request()) && partNoOf(res.request()) === n && res.ok()),
    ),
  );
  await uploadThroughPicker(page, [file]);
  await stored;
  await expect(uploadsPanel(page).getByRole("heading", { name: "Uploading 1 file" })).toBeVisible();

  const warned = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  session = 1;
  stall = false;
  await page.reload();
  expect(await warned).toBe("beforeunload");
  await expect(page.getByRole("toolbar", { name: "Folder" })).toBeVisible();
  await uploadThroughPicker(page, [file]);
  await expectUploadsComplete(page);

  expect(sent[0]?.slice(0, 3)).toEqual([1, 2, 3]);
  expect(sent[1]?.sort()).toEqual([4, 5, 6, 7]);
  expect(sha256(await api.download(await findFile(api, "/", "big.bin")))).toBe(sha256(bytes));
});

test("asks about name clashes: keep both, replace, skip", async ({ authedPage: page, api }) => {
  await api.uploadFile("/", "notes.txt", "old notes", { mimeType: "text/plain" });
  await openDrive(page);
  const dialog = page.getByRole("dialog", { name: "File already exists" });

  await uploadThroughPicker(page, [{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("second") }]);
  await expect(dialog).toContainText('"notes.txt" already exists in /');
  await dialog.getByRole("button", { name: "Keep both" }).click();
  await expect(row(page, "notes (1).txt")).toBeVisible();

  await uploadThroughPicker(page, [{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("replaced") }]);
  await dialog.getByRole("button", { name: "Replace" }).click();
  await expectUploadsComplete(page);
  await expect
    .poll(async () => (await api.download(await findFile(api, "/", "notes.txt"))).toString())
    .toBe("replaced");

  await uploadThroughPicker(page, [
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("skipped") },
    { name: "notes (1).txt", mimeType: "text/plain", buffer: Buffer.from("skipped too") },
  ]);
  await dialog.getByLabel("Apply to all").check();
  await dialog.getByRole("button", { name: "Skip" }).click();
  await expect(dialog).toBeHidden();
  // Each skipped file says so on its row (the batch's report line counts them apart: "2 skipped").
  await expect(uploadsPanel(page).getByText("Skipped", { exact: false })).toHaveCount(2 + 1);
  expect((await api.download(await findFile(api, "/", "notes.txt"))).toString()).toBe("replaced");
  expect((await api.download(await findFile(api, "/", "notes (1).txt"))).toString()).toBe("second");
});

test("cancelling an upload aborts its requests and registers nothing", async ({ authedPage: page, api }) => {
  await setSettings(page, { splitFileSize: PART, uploadConcurrency: "2" });
  await openDrive(page);
  // Parts hang, so the upload is still running when the user cancels it.
  await page.route(/\/api\/uploads\/[0-9a-f]{64}\?/, () => {});
  const aborted = page.waitForEvent("requestfailed", (r) => isPartPost(r));
  await uploadThroughPicker(page, [
    { name: "unwanted.bin", mimeType: "application/octet-stream", buffer: bytesOf(3 * PART, 6) },
  ]);
  const panel = uploadsPanel(page);
  await expect(panel.getByRole("progressbar", { name: "Upload of unwanted.bin" })).toBeVisible();
  await panel.getByRole("button", { name: "Cancel unwanted.bin" }).click();
  await aborted;
  await expect(panel.getByTestId("upload-row")).toHaveAttribute("data-status", "cancelled");
  await expect(panel.getByRole("button", { name: "Retry unwanted.bin" })).toBeVisible();
  expect((await api.list("/")).items).toHaveLength(0);
});

test("an upload waits out a dropped network and finishes when it is back", async ({
  authedPage: page,
  api,
  context,
}) => {
  await setSettings(page, { splitFileSize: PART, uploadConcurrency: "2" });
  await openDrive(page);
  let wentOffline: () => void = () => {};
  const offline = new Promise<void>((resolve) => {
    wentOffline = resolve;
  });
  let dropped = false;
  await page.route(/\/api\/uploads\/[0-9a-f]{64}\?.*partNo=2/, async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await context.setOffline(true);
    await route.abort("internetdisconnected");
    wentOffline();
  });
  const bytes = bytesOf(4 * PART + 9, 11);
  await uploadThroughPicker(page, [{ name: "commute.bin", mimeType: "application/octet-stream", buffer: bytes }]);
  await offline;
  const panel = uploadsPanel(page);
  await expect(panel.getByRole("heading", { name: "Uploading 1 file" })).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await context.setOffline(false);
  await expectUploadsComplete(page);
  expect(sha256(await api.download(await findFile(api, "/", "commute.bin")))).toBe(sha256(bytes));
});
