import { expect, test } from "../../fixtures.js";
import { openDrive, row } from "./helpers.js";

/** Offset of the first top-level box of `type` in an MP4 (ISO BMFF) file. */
function boxOffset(bytes: Buffer, type: string): number {
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    if (bytes.toString("latin1", at + 4, at + 8) === type) return at;
    if (size < 8) break;
    at += size;
  }
  throw new Error(`no ${type} box`);
}

// No ffmpeg here: the browser records fragmented MP4 (Opus) itself, and the test writes an HLS playlist whose
// init and media segments are byte ranges of that file, served by the drive's own content URL.
test("an m3u8 playlist plays from the drive's content URLs (the browser's own HLS, else hls.js)", async ({
  authedPage: page,
  api,
}) => {
  await openDrive(page);
  const mp4 = Buffer.from(
    await page.evaluate(async () => {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const sink = audio.createMediaStreamDestination();
      tone.connect(sink);
      tone.start();
      const recorder = new MediaRecorder(sink.stream, { mimeType: "audio/mp4;codecs=opus" });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      recorder.start();
      await new Promise((r) => setTimeout(r, 1500));
      recorder.stop();
      await stopped;
      await audio.close();
      return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
    }),
  );
  const media = await api.uploadFile("/", "tone.mp4", mp4, { mimeType: "audio/mp4" });
  const { hash } = await api.session();
  const url = `${new URL(page.url()).origin}/api/files/${media.id}/tone.mp4?hash=${hash}`;
  const init = boxOffset(mp4, "moof");
  const playlist = [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    "#EXT-X-TARGETDURATION:2",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    `#EXT-X-MAP:URI="${url}",BYTERANGE="${init}@0"`,
    "#EXTINF:1.5,",
    `#EXT-X-BYTERANGE:${mp4.length - init}@${init}`,
    url,
    "#EXT-X-ENDLIST",
    "",
  ].join("\n");
  await api.uploadFile("/", "stream.m3u8", playlist, { mimeType: "application/vnd.apple.mpegurl" });
  await page.reload();

  await row(page, "stream.m3u8").dblclick();
  const video = page.getByRole("dialog").locator("video");
  // HAVE_CURRENT_DATA or more: the playlist and both byte-range segments were fetched and decoded.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0.5);
});
