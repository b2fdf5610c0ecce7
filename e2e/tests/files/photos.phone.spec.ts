import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures.js";
import { openDrive, row } from "./helpers.js";
import { png } from "./samples.js";

const run = promisify(execFile);

/**
 * A 40x30 JPEG from ffmpeg with an EXIF block added by hand: orientation 6 (turn 90° clockwise, so it shows 30x40)
 * and DateTimeOriginal 2024:05:17 14:30:00.
 */
async function jpegWithExif(): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "photo-e2e-"));
  const out = path.join(dir, "p.jpg");
  await run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=green:s=40x30", "-frames:v", "1", out]);
  const jpeg = await fs.readFile(out);
  await fs.rm(dir, { recursive: true });
  const tiff = Buffer.alloc(76);
  tiff.write("II*\0", 0, "latin1");
  tiff.writeUInt32LE(8, 4);
  // IFD0: Orientation, then the pointer to the Exif IFD.
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(6, 18);
  tiff.writeUInt16LE(0x8769, 22);
  tiff.writeUInt16LE(4, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt32LE(38, 30);
  tiff.writeUInt32LE(0, 34);
  // Exif IFD: DateTimeOriginal, 20 ASCII bytes at offset 56.
  tiff.writeUInt16LE(1, 38);
  tiff.writeUInt16LE(0x9003, 40);
  tiff.writeUInt16LE(2, 42);
  tiff.writeUInt32LE(20, 44);
  tiff.writeUInt32LE(56, 48);
  tiff.writeUInt32LE(0, 52);
  tiff.write("2024:05:17 14:30:00\0", 56, "latin1");
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

/** A real one-finger swipe through the browser's touch input (Chrome DevTools Protocol). */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  for (let i = 1; i <= 5; i++) {
    const x = from.x + ((to.x - from.x) * i) / 5;
    const y = from.y + ((to.y - from.y) * i) / 5;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test("photos on a phone: upright by EXIF, date taken shown, swipe to the next and back", async ({
  authedPage: page,
  api,
}) => {
  await api.uploadFile("/", "a-photo.jpg", await jpegWithExif(), { mimeType: "image/jpeg" });
  await api.uploadFile("/", "b-green.png", png(12, [0, 200, 0]), { mimeType: "image/png" });
  await api.uploadFile("/", "c-blue.png", png(12, [0, 0, 255]), { mimeType: "image/png" });
  await openDrive(page);
  await row(page, "a-photo.jpg").tap();
  const preview = page.getByRole("dialog", { name: "a-photo.jpg" });
  const image = preview.getByRole("img", { name: "a-photo.jpg" });
  await expect(image).toBeVisible();
  // Orientation 6: the 40x30 picture stands upright as 30x40.
  await expect
    .poll(() =>
      image.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().height > img.getBoundingClientRect().width),
    )
    .toBe(true);
  const taken = preview.locator("time");
  await expect(taken).toBeVisible();
  expect(await taken.getAttribute("datetime")).toMatch(/^2024-05-1[78]T/);

  const stage = await preview.getByTestId("image-stage").boundingBox();
  if (!stage) throw new Error("no image stage");
  const mid = { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
  await swipe(page, { x: mid.x + 120, y: mid.y }, { x: mid.x - 120, y: mid.y + 10 });
  await expect(page.getByRole("dialog", { name: "b-green.png" })).toBeVisible();
  await swipe(page, { x: mid.x + 120, y: mid.y }, { x: mid.x - 120, y: mid.y });
  await expect(page.getByRole("dialog", { name: "c-blue.png" })).toBeVisible();
  await swipe(page, { x: mid.x - 120, y: mid.y }, { x: mid.x + 120, y: mid.y });
  await expect(page.getByRole("dialog", { name: "b-green.png" })).toBeVisible();
  // A vertical drag is not a swipe.
  await swipe(page, { x: mid.x, y: mid.y - 120 }, { x: mid.x + 20, y: mid.y + 120 });
  await expect(page.getByRole("dialog", { name: "b-green.png" })).toBeVisible();
});
