import { buffer } from "node:stream/consumers";
import type { ContentFile } from "../content/send-file.js";
import type { Blobs } from "../storage/blobs.js";
import { DEFAULT_LIMITS, isSvg } from "./render.js";
import { takenAtOf } from "./taken-at.js";
import { isVideo } from "./video-poster.js";
import { videoTakenAt } from "./video-taken-at.js";

/** A picture's first bytes, where cameras write EXIF (JPEG's APP1 comes first); the rest is read only if needed. */
const PICTURE_HEAD_BYTES = 256 * 1024;

/**
 * When the stored file's picture or video was taken (taken-at.ts, video-taken-at.ts), read by ranges through the
 * same path downloads take (encrypted parts are opened in memory only). A picture is read from its first bytes, and
 * whole (up to the thumbnail source limit) only when they hold no date; a video's size is no bound.
 */
export async function storedTakenAt(blobs: Blobs, file: ContentFile, requester: string): Promise<Date | undefined> {
  const { channel_id: channelId, parts, size } = file;
  if (file.type !== "file" || channelId === null || !parts?.length || !size) return undefined;
  const stored = { channelId, parts, size, encrypted: file.encrypted };
  const read = (start: number, end: number) => buffer(blobs.createReadStream(stored, { start, end }, requester));
  if (isVideo(file.name, file.mime_type)) return videoTakenAt(read, size, DEFAULT_LIMITS.renderSeconds);
  if (isSvg(file.name, file.mime_type)) return undefined;
  if (size > DEFAULT_LIMITS.maxSourceBytes) return undefined;
  const head = await read(0, Math.min(size, PICTURE_HEAD_BYTES) - 1);
  const at = await takenAtOf(head);
  if (at || size <= PICTURE_HEAD_BYTES) return at;
  return takenAtOf(await read(0, size - 1));
}
