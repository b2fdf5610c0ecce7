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
const video = (page: Page) => modal(page).locator("video");

/**
 * 8 seconds of H.264/AAC in MP4, made with Debian's ffmpeg: a red picture (the known frame) and a 440 Hz tone.
 * Made once per worker.
 */
let mp4: Buffer | undefined;
async function movie(): Promise<Buffer> {
  if (mp4) return mp4;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "media-e2e-"));
  const out = path.join(dir, "movie.mp4");
  await run("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "color=c=red:s=160x120:r=25:d=8"],
    ...["-f", "lavfi", "-i", "sine=f=440:d=8", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-profile:v", "baseline"],
    ...["-c:a", "aac", "-shortest", "-movflags", "+faststart", out],
  ]);
  mp4 = await fs.readFile(out);
  await fs.rm(dir, { recursive: true });
  return mp4;
}

const SRT =
  "1\r\n00:00:01,000 --> 00:00:03,000\r\nHello from the SRT\r\n\r\n2\r\n00:00:05,000 --> 00:00:07,000\r\nSecond line\r\n";
const VTT = "WEBVTT\n\n00:00:04.000 --> 00:00:06.000\nOlá do VTT\n";

async function openPreview(page: Page, name: string) {
  await row(page, name).dblclick();
  await expect(modal(page).getByRole("heading", { name })).toBeVisible();
}

/** Pauses, jumps to `seconds` and waits until the element is there. */
async function seek(page: Page, seconds: number) {
  await video(page).evaluate(
    (v: HTMLVideoElement, to) =>
      new Promise<void>((resolve) => {
        v.pause();
        v.addEventListener("seeked", () => resolve(), { once: true });
        v.currentTime = to;
      }),
    seconds,
  );
}

const activeCue = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => {
    const showing = Array.from(v.textTracks).find((t) => t.mode === "showing");
    const cue = showing?.activeCues?.[0] as VTTCue | undefined;
    return cue?.text ?? "";
  });

test("subtitles: sidecar files by language, SRT converted, the cue shows at its time and the choice is remembered", async ({
  authedPage: page,
  api,
}) => {
  await api.uploadFile("/", "movie.mp4", await movie(), { mimeType: "video/mp4" });
  await api.uploadFile("/", "movie.en.srt", SRT, { mimeType: "application/x-subrip" });
  await api.uploadFile("/", "movie.pt-BR.vtt", VTT, { mimeType: "text/vtt" });
  await openDrive(page);
  await openPreview(page, "movie.mp4");
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  // The known frame: the picture is red.
  const pixel = await video(page).evaluate((v: HTMLVideoElement) => {
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    const ctx = canvas.getContext("2d");
    ctx?.drawImage(v, 0, 0);
    return Array.from(ctx?.getImageData(80, 60, 1, 1).data ?? []);
  });
  expect(pixel[0]).toBeGreaterThan(200);
  expect(pixel[1]).toBeLessThan(60);

  await modal(page).getByRole("button", { name: "Subtitles" }).click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await seek(page, 2);
  await expect.poll(() => activeCue(page)).toBe("Hello from the SRT");
  await seek(page, 4.2);
  await expect.poll(() => activeCue(page)).toBe("");

  const portuguese = await page.evaluate(() =>
    new Intl.DisplayNames([navigator.language], { type: "language" }).of("pt-BR"),
  );
  await modal(page).getByRole("button", { name: "Subtitles" }).click();
  await page.getByRole("menuitemradio", { name: portuguese }).click();
  await seek(page, 5);
  await expect.poll(() => activeCue(page)).toBe("Olá do VTT");

  // "c" turns captions off and on again.
  await page.keyboard.press("c");
  await expect.poll(() => activeCue(page)).toBe("");
  await page.keyboard.press("c");
  await seek(page, 4.5);
  await expect.poll(() => activeCue(page)).toBe("Olá do VTT");

  // Remembered for this video.
  await page.reload();
  await openPreview(page, "movie.mp4");
  await seek(page, 4.5);
  await expect.poll(() => activeCue(page)).toBe("Olá do VTT");
});

test("speed, keyboard, and the position: kept on the server, offered after a reload and in another session", async ({
  authedPage: page,
  api,
  user,
  newSession,
}) => {
  const file = await api.uploadFile("/", "movie.mp4", await movie(), { mimeType: "video/mp4" });
  await openDrive(page);
  await openPreview(page, "movie.mp4");
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);

  await modal(page).getByLabel("Playback speed").selectOption("1.5");
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);

  await page.keyboard.press("m");
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await seek(page, 1);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(6);
  await page.keyboard.press("j");
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(0);
  await page.keyboard.press("l");
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(7.5);
  // Stopping at 4 s keeps the position on the server.
  await seek(page, 4);
  await expect.poll(async () => (await page.request.get(`/api/playback/${file.id}`)).status()).toBe(200);
  const stored = await (await page.request.get(`/api/playback/${file.id}`)).json();
  expect(stored.position).toBe(4);

  await page.reload();
  await openPreview(page, "movie.mp4");
  await expect(modal(page).getByRole("button", { name: "Resume from 0:04" })).toBeVisible();
  await modal(page).getByRole("button", { name: "Resume from 0:04" }).click();
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(4);
  // The speed chosen is kept too.
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  await seek(page, 4);
  await page.keyboard.press("Escape");
  await expect(modal(page)).toHaveCount(0);

  const other = await newSession(user.phone);
  const second = await other.context.newPage();
  await second.goto("/recent");
  const row2 = second.getByRole("region", { name: "Continue watching" });
  await expect(row2.getByText("movie.mp4")).toBeVisible();
  await row2
    .getByRole("button", { name: /movie\.mp4/ })
    .first()
    .click();
  await expect(second.getByRole("dialog").getByRole("button", { name: "Resume from 0:04" })).toBeVisible();
  await second.keyboard.press("Escape");
  await row2.getByRole("button", { name: "Remove movie.mp4 from Continue watching" }).click();
  await expect(second.getByRole("region", { name: "Continue watching" })).toHaveCount(0);
});

test("the external player's stream URL plays with curl and no cookie", async ({ authedPage: page, api, context }) => {
  const bytes = await movie();
  await api.uploadFile("/", "movie.mp4", bytes, { mimeType: "video/mp4" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openDrive(page);
  await openPreview(page, "movie.mp4");
  await modal(page).getByRole("button", { name: "Open in external player" }).click();
  await expect(page.getByRole("menuitem", { name: "VLC" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Copy stream URL" }).click();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  await expect(page.getByRole("menuitem", { name: "VLC" })).toHaveCount(0);
  expect(url).toMatch(/^http:\/\/.+\/api\/files\/[^/]+\/movie\.mp4\?hash=/);

  // A player asks for ranges, with no cookie at all.
  const { stdout } = await run("curl", ["-sS", "-r", "0-1023", "-o", "-", "-w", "\n%{http_code}", url], {
    encoding: "buffer",
    maxBuffer: 16 << 20,
  });
  const status = stdout.subarray(stdout.lastIndexOf("\n") + 1).toString();
  expect(status).toBe("206");
  expect(Buffer.compare(stdout.subarray(0, 1024), bytes.subarray(0, 1024))).toBe(0);
});
