import { spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { HttpError } from "../http/errors.js";

/** The ffmpeg to run (Debian's `ffmpeg` package); `FFMPEG_PATH` picks another, `FFMPEG_PATH=` (empty) none. */
const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";

/** Where the poster frame is taken: a few seconds in, past fades from black; short clips use their first frame. */
export const POSTER_AT_SECONDS = 3;
/** Bytes of the video read at most: a frame a few seconds in sits near the start of any streamable file. */
export const POSTER_SOURCE_BYTES = 64 * 1024 * 1024;
/** Largest PNG frame ffmpeg may hand back (a 4K frame is ~25 MB); beyond it the rendering stops. */
const MAX_FRAME_BYTES = 64 * 1024 * 1024;

const VIDEO_EXTENSIONS = new Set([
  "mp4",
  "m4v",
  "mov",
  "webm",
  "mkv",
  "avi",
  "wmv",
  "flv",
  "mpg",
  "mpeg",
  "ts",
  "3gp",
  "ogv",
]);

export const isVideo = (name: string, mimeType: string) =>
  mimeType.startsWith("video/") || VIDEO_EXTENSIONS.has(name.slice(name.lastIndexOf(".") + 1).toLowerCase());

let available: Promise<boolean> | undefined;

/** Whether ffmpeg runs here (asked once). Without it the client draws posters itself, as before. */
export function ffmpegAvailable(): Promise<boolean> {
  available ??= new Promise<boolean>((resolve) => {
    if (!FFMPEG) return resolve(false);
    const child = spawn(FFMPEG, ["-hide_banner", "-version"], { stdio: "ignore" });
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
  return available;
}

/**
 * One frame `at` seconds into the video streamed in on `source`, as PNG, or undefined when the video has no frame
 * there (shorter than that). ffmpeg reads the stream from its standard input (nothing is written to disk: encrypted
 * files stay in memory), is killed after `seconds`, and its output is capped.
 */
export function videoFrame(source: () => Readable, at: number, seconds: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const args = ["-hide_banner", "-v", "error", "-nostdin", "-ss", String(at), "-i", "pipe:0"];
    args.push("-frames:v", "1", "-an", "-sn", "-dn", "-f", "image2pipe", "-c:v", "png", "pipe:1");
    // -nostdin only stops ffmpeg's keyboard reading; pipe:0 still is the input.
    const child = spawn(FFMPEG, args, { stdio: ["pipe", "pipe", "ignore"] });
    const input = source();
    const chunks: Buffer[] = [];
    let bytes = 0;
    let failure: HttpError | undefined;
    const timer = setTimeout(() => {
      failure = new HttpError(422, "the video took too long to render");
      child.kill("SIGKILL");
    }, seconds * 1000);
    // ffmpeg stops reading once it has its frame: the rest of the input is not needed.
    child.stdin.on("error", () => {});
    input.on("error", () => child.stdin.destroy());
    input.pipe(child.stdin);
    child.stdout.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_FRAME_BYTES) {
        failure = new HttpError(413, "video frame too large for a poster");
        child.kill("SIGKILL");
        return;
      }
      chunks.push(chunk);
    });
    child.on("error", (err) => {
      clearTimeout(timer);
      input.destroy();
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      input.destroy();
      if (failure) return reject(failure);
      if (code !== 0) return reject(new HttpError(422, "the video could not be decoded"));
      resolve(bytes > 0 ? Buffer.concat(chunks) : undefined);
    });
  });
}
