import { spawn } from "node:child_process";
import { floatingDate } from "./taken-at.js";

/** Debian's ffprobe (installed with ffmpeg); `FFPROBE_PATH` picks another, `FFPROBE_PATH=` (empty) none. */
const FFPROBE = process.env.FFPROBE_PATH ?? "ffprobe";

/** Reads bytes `start`..`end` (inclusive) of the stored file. */
export type ReadRange = (start: number, end: number) => Promise<Buffer>;

/** Top-level boxes an MP4/QuickTime file may start with: a file starting with another is no such file. */
const ISO_FIRST_BOXES = new Set(["ftyp", "wide", "free", "skip", "mdat", "moov", "pnot", "uuid", "junk", "styp"]);
/** Top-level boxes looked at at most before `moov`: phones write ftyp, wide or free, mdat, moov. */
const MAX_BOXES = 32;
/** Largest `moov` read (a two-hour phone video's is a few MB); a larger one leaves the video undated. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;
/** Largest `ftyp` kept for ffprobe (it tells QuickTime from MP4; a real one is a few dozen bytes). */
const MAX_FTYP_BYTES = 4096;
/** Bytes of another container (Matroska, WebM, AVI) read: they write their date in their first header. */
const OTHER_HEAD_BYTES = 1024 * 1024;
/** Largest ffprobe answer read (a few tags as JSON). */
const MAX_PROBE_OUTPUT = 64 * 1024;

/** ISO 8601 as ffprobe gives container dates: "2021-05-06T07:08:09.000000Z", "2021-05-06T09:08:09+0200". */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/;

/**
 * The bytes of the video's metadata that ffprobe needs, read by ranges: for MP4/QuickTime the `ftyp` and `moov` boxes
 * (found by reading only the 8- or 16-byte header of each top-level box, so a `moov` written after gigabytes of
 * `mdat`, as phones do, costs a few small reads), for other containers their first megabyte. Undefined when the file
 * is broken or its `moov` is not found or too large.
 */
export async function videoHead(read: ReadRange, size: number): Promise<Buffer | undefined> {
  if (size < 8) return undefined;
  const kept: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < MAX_BOXES && offset + 8 <= size; i++) {
    const header = await read(offset, Math.min(offset + 16, size) - 1);
    const type = header.toString("latin1", 4, 8);
    if (i === 0 && !ISO_FIRST_BOXES.has(type)) return read(0, Math.min(size, OTHER_HEAD_BYTES) - 1);
    let boxSize = header.readUInt32BE(0);
    let headerBytes = 8;
    if (boxSize === 1) {
      if (header.length < 16) return undefined;
      boxSize = Number(header.readBigUInt64BE(8));
      headerBytes = 16;
    } else if (boxSize === 0) boxSize = size - offset; // "to the end of the file"
    if (boxSize < headerBytes || offset + boxSize > size) return undefined;
    if (type === "ftyp" && boxSize <= MAX_FTYP_BYTES) kept.push(await read(offset, offset + boxSize - 1));
    if (type === "moov") {
      if (boxSize > MAX_MOOV_BYTES) return undefined;
      kept.push(await read(offset, offset + boxSize - 1));
      return Buffer.concat(kept);
    }
    offset += boxSize;
  }
  return undefined;
}

/** The container's tags as ffprobe reads them from `head` (given on its standard input), or undefined. */
function probeTags(head: Buffer, seconds: number): Promise<Record<string, unknown> | undefined> {
  return new Promise((resolve) => {
    if (!FFPROBE) return resolve(undefined);
    const args = ["-hide_banner", "-v", "quiet", "-of", "json", "-show_entries", "format_tags", "-i", "pipe:0"];
    const child = spawn(FFPROBE, args, { stdio: ["pipe", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    let bytes = 0;
    const timer = setTimeout(() => child.kill("SIGKILL"), seconds * 1000);
    child.stdin.on("error", () => {});
    child.stdin.end(head);
    child.stdout.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_PROBE_OUTPUT) child.kill("SIGKILL");
      else chunks.push(chunk);
    });
    child.on("error", () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0 || bytes > MAX_PROBE_OUTPUT) return resolve(undefined);
      try {
        const tags = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { format?: { tags?: unknown } }).format
          ?.tags;
        resolve(tags && typeof tags === "object" ? (tags as Record<string, unknown>) : undefined);
      } catch {
        resolve(undefined);
      }
    });
  });
}

/**
 * When the video was recorded, as a floating wall clock like pictures' (taken-at.ts): QuickTime's
 * `com.apple.quicktime.creationdate` (the phone's local time, its offset not applied), else the container's
 * `creation_time` (MP4 `mvhd`, Matroska `DateUTC`), which is UTC and stored as it is, since no offset is known
 * (docs/decisions.md). Undefined when there is none, or it is an unset clock's (0, 1904, 1970).
 */
export async function videoTakenAt(read: ReadRange, size: number, seconds: number): Promise<Date | undefined> {
  const head = await videoHead(read, size);
  if (!head) return undefined;
  const tags = await probeTags(head, seconds);
  for (const name of ["com.apple.quicktime.creationdate", "creation_time"]) {
    const raw = tags?.[name];
    const m = typeof raw === "string" ? ISO_DATE.exec(raw.trim()) : null;
    const at = m ? floatingDate(m) : undefined;
    if (at) return at;
  }
  return undefined;
}
