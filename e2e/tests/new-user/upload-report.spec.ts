// Issue 26, item 24: the upload report at the end of a batch, "Retry all failed", and resuming after a reload.
import fs from "node:fs/promises";
import type { Request } from "@playwright/test";
import { expect, setSettings, test } from "../../fixtures.js";
import {
  bytesOf,
  expectUploadsComplete,
  findFile,
  openDrive,
  sha256,
  uploadsPanel,
  uploadThroughPicker,
} from "../files/helpers.js";

const PART = 65_536;
const partPost = /\/api\/uploads\/[0-9a-f]{64}\?/;
const isPartPost = (r: Request) => r.method() === "POST" && partPost.test(r.url());
const paramOf = (r: Request, name: string) => new URL(r.url()).searchParams.get(name);

test("a finished batch says what was uploaded, replaced, skipped and failed, and retries the failed ones", async ({
  authedPage: page,
  api,
}) => {
  await api.uploadFile("/", "exists.txt", "old text");
  await api.uploadFile("/", "keep.txt", "kept as it was");
  await openDrive(page);
  // A fault on the way (not a mock of the server): every part of broken.bin is refused until the route is removed.
  await page.route(partPost, (route) =>
    paramOf(route.request(), "fileName") === "broken.bin"
      ? route.fulfill({ status: 400, contentType: "application/json", body: '{"code":400,"message":"refused"}' })
      : route.continue(),
  );
  const text = (name: string, body: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(body) });
  await uploadThroughPicker(page, [
    text("new.txt", "new"),
    text("exists.txt", "new text"),
    text("keep.txt", "not wanted"),
    { name: "broken.bin", mimeType: "application/octet-stream", buffer: bytesOf(1000, 3) },
  ]);
  const clash = page.getByRole("dialog", { name: "File already exists" });
  await expect(clash).toContainText('"exists.txt" already exists');
  await clash.getByRole("button", { name: "Replace" }).click();
  await expect(clash).toContainText('"keep.txt" already exists');
  await clash.getByRole("button", { name: "Skip" }).click();

  const panel = uploadsPanel(page);
  await expect(panel.getByRole("heading", { name: "1 upload failed" })).toBeVisible();
  await expect(panel.getByTestId("upload-report")).toHaveText("1 uploaded · 1 replaced · 1 skipped · 1 failed");

  await page.unroute(partPost);
  await panel.getByRole("button", { name: "Retry all failed" }).click();
  await expectUploadsComplete(page);
  await expect(panel.getByTestId("upload-report")).toHaveText("2 uploaded · 1 replaced · 1 skipped");
  await expect(panel.getByRole("button", { name: "Retry all failed" })).toBeHidden();
  expect((await api.download(await findFile(api, "/", "exists.txt"))).toString()).toBe("new text");
  expect((await api.download(await findFile(api, "/", "keep.txt"))).toString()).toBe("kept as it was");
  expect(sha256(await api.download(await findFile(api, "/", "broken.bin")))).toBe(sha256(bytesOf(1000, 3)));
});

test("a batch cut off by a reload is offered again and resumes from the parts the server has", async ({
  authedPage: page,
  api,
}, testInfo) => {
  await setSettings(page, { splitFileSize: PART, uploadConcurrency: "1" });
  const bytes = bytesOf(3 * PART + 11, 5);
  const onDisk = testInfo.outputPath("holiday.bin");
  await fs.writeFile(onDisk, bytes);
  await api.mkdir("/Trips");
  await openDrive(page, "/Trips");

  // Part 2 never gets an answer before the reload: the upload is cut off with part 1 stored.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(partPost, async (route) => {
    if (paramOf(route.request(), "partNo") === "2") await held;
    await route.continue().catch(() => {});
  });
  const firstPart = page.waitForResponse((r) => isPartPost(r.request()) && paramOf(r.request(), "partNo") === "1");
  await uploadThroughPicker(page, [onDisk]);
  expect((await firstPart).ok()).toBe(true);
  await page.reload();
  release();
  await page.unroute(partPost);

  const panel = uploadsPanel(page);
  const offer = panel.getByRole("region", { name: "Interrupted by a reload" });
  await expect(offer).toContainText("1 upload was interrupted by a reload");
  await expect(offer).toContainText("holiday.bin");

  const sent: Request[] = [];
  page.on("request", (r) => isPartPost(r) && sent.push(r));
  const chooser = page.waitForEvent("filechooser");
  await offer.getByRole("button", { name: "Choose files to resume" }).click();
  await (await chooser).setFiles(onDisk);
  await expectUploadsComplete(page);
  await expect(offer).toBeHidden();
  expect(sent.map((r) => paramOf(r, "partNo")).sort()).toEqual(["2", "3", "4"]);
  expect(sha256(await api.download(await findFile(api, "/Trips", "holiday.bin")))).toBe(sha256(bytes));

  // Nothing is offered after the next reload.
  await page.reload();
  await expect(page.getByRole("region", { name: "Interrupted by a reload" })).toBeHidden();
});
