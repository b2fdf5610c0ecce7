// Media the browser cannot play: the preview says so, with the download, every time (not a silent black player).
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures.js";
import { openDrive, row } from "./helpers.js";

const run = promisify(execFile);
const modal = (page: Page) => page.getByRole("dialog");

/** 2 seconds of H.264/AAC in MP4 with its index first (faststart), made with Debian's ffmpeg; once per worker. */
let mp4: Buffer | undefined;
async function movie(): Promise<Buffer> {
  if (mp4) return mp4;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "unplayable-e2e-"));
  const out = path.join(dir, "movie.mp4");
  await run("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "color=c=red:s=160x120:r=25:d=2"],
    ...["-f", "lavfi", "-i", "sine=f=440:d=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-profile:v", "baseline"],
    ...["-c:a", "aac", "-shortest", "-movflags", "+faststart", out],
  ]);
  mp4 = await fs.readFile(out);
  await fs.rm(dir, { recursive: true });
  return mp4;
}

/** Where the media data begins: the `mdat` box's offset (the file's header, `ftyp` and `moov`, comes before it). */
function mediaDataOffset(file: Buffer): number {
  for (let at = 0; at + 8 <= file.length; ) {
    const size = file.readUInt32BE(at);
    if (file.toString("latin1", at + 4, at + 8) === "mdat") return at;
    if (size < 8) break;
    at += size;
  }
  throw new Error("the sample has no mdat box");
}

async function openPreview(page: Page, name: string) {
  await row(page, name).dblclick();
  await expect(modal(page).getByRole("heading", { name })).toBeVisible();
}

async function expectCannotPlay(page: Page, name: string, kind: "video" | "audio") {
  await expect(modal(page).getByText(`Your browser can't play this ${kind}.`)).toBeVisible();
  await expect(modal(page).locator(kind)).toHaveCount(0);
  const download = page.waitForEvent("download");
  await modal(page).getByRole("button", { name: "Download" }).last().click();
  expect((await download).suggestedFilename()).toBe(name);
}

test("an 18-byte file uploaded as video/mp4 shows that the browser can't play it, with the download", async ({
  authedPage: page,
  api,
}) => {
  await api.uploadFile("/", "broken.mp4", "not really a video", { mimeType: "video/mp4" });
  await openDrive(page);
  // Opened first thing in a fresh page: the viewer's chunk loads while the preview waits, as a user's first video.
  await openPreview(page, "broken.mp4");
  await expectCannotPlay(page, "broken.mp4", "video");
});

test("a real video cut short, to its header or halfway, shows that the browser can't play it", async ({
  authedPage: page,
  api,
}) => {
  const whole = await movie();
  await api.uploadFile("/", "a-header-only.mp4", whole.subarray(0, mediaDataOffset(whole) + 8), {
    mimeType: "video/mp4",
  });
  await api.uploadFile("/", "b-half.mp4", whole.subarray(0, Math.floor(whole.length / 2)), { mimeType: "video/mp4" });
  await openDrive(page);
  // Its index says 2 seconds, but there is no frame: Chromium "plays" it to the end at once, with no error event.
  await openPreview(page, "a-header-only.mp4");
  await expectCannotPlay(page, "a-header-only.mp4", "video");
  await modal(page).getByRole("button", { name: "Next file" }).click();
  // The first half plays, then the data runs out: the player gives way to the message.
  await expect(modal(page).getByRole("heading", { name: "b-half.mp4" })).toBeVisible();
  await expectCannotPlay(page, "b-half.mp4", "video");
});

test("a broken audio file shows that the browser can't play it, with the download", async ({
  authedPage: page,
  api,
}) => {
  await api.uploadFile("/", "broken.mp3", "not really a song", { mimeType: "audio/mpeg" });
  await openDrive(page);
  await openPreview(page, "broken.mp3");
  await expectCannotPlay(page, "broken.mp3", "audio");
});
