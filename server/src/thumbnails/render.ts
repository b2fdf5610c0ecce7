import os from "node:os";
import sharp, { type Metadata } from "sharp";
import { HttpError } from "../http/errors.js";
import { isPng, keepImageChunks } from "./png-chunks.js";

/** Widths the client asks for: the spec's 360 and twice that for high-density screens. */
export const THUMBNAIL_WIDTHS = [360, 720] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

export interface ThumbnailLimits {
  /** Larger sources are refused (413) rather than read whole into memory. */
  maxSourceBytes: number;
  /** Larger images are refused (413) before they are decoded: a small file can claim a huge canvas. */
  maxPixels: number;
  /**
   * Largest decoded frame (width × height × channels × bytes per sample) of an image that is decoded whole rather
   * line by line: interlaced PNG, progressive JPEG, GIF, WebP, HEIF/AVIF. Larger ones are refused (413).
   */
  maxFrameBytes: number;
  /** A rendering still running after this many seconds is stopped by libvips and refused (422). */
  renderSeconds: number;
  /** Renderings at once; the rest wait, served user by user in turn. One fewer than the cores, so requests always have a core. */
  concurrency: number;
  /** Renderings waiting at most; past that the answer is 503 with Retry-After. */
  maxWaiting: number;
  /** Renderings one user may have waiting; past that that user's further ones are 503 (the others' still wait). */
  maxWaitingPerUser: number;
}

export const DEFAULT_LIMITS: ThumbnailLimits = {
  maxSourceBytes: 50 * 1024 * 1024,
  maxPixels: 100_000_000,
  maxFrameBytes: 128 * 1024 * 1024,
  renderSeconds: 15,
  concurrency: Math.max(1, os.availableParallelism() - 1),
  maxWaiting: 64,
  maxWaitingPerUser: 12,
};

// Each rendering uses one libvips thread and keeps nothing in libvips' operation cache: the gate in routes.ts is
// the only parallelism, and memory falls back after each picture.
sharp.concurrency(1);
sharp.cache(false);

/** Formats this server makes thumbnails of. SVG is not among them: rendering it runs a full SVG engine on user input. */
const READABLE = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
const SVG = /svg/i;

/** An SVG by type or name: never rendered (READABLE) nor read for a date. */
export const isSvg = (name: string, mimeType: string) => SVG.test(mimeType) || name.toLowerCase().endsWith(".svg");
/** Decoders that hold the whole frame however it is read (the others stream rows with `sequentialRead`). */
const WHOLE_FRAME = new Set(["gif", "webp", "avif", "heif"]);
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4 };

export const unsupported = () => new HttpError(415, "not an image format this server makes thumbnails of");
export const tooLarge = () => new HttpError(413, "image too large for a thumbnail");
const undecodable = () => new HttpError(422, "the image could not be decoded");
const tooSlow = () => new HttpError(422, "the image took too long to render");

/** Bytes the decoder holds at once for this image when it cannot stream it row by row, else 0. */
function wholeFrameBytes(meta: Metadata): number {
  const whole = WHOLE_FRAME.has(meta.format ?? "") || meta.isProgressive === true;
  if (!whole) return 0;
  const sample = SAMPLE_BYTES[meta.depth ?? ""] ?? 8;
  return (meta.width ?? 0) * (meta.height ?? 0) * (meta.channels ?? 4) * sample;
}

/** A WebP at most `width` wide (never enlarged), turned upright by its EXIF orientation. */
export async function renderThumbnail(source: Buffer, width: ThumbnailWidth, limits: ThumbnailLimits): Promise<Buffer> {
  let image = source;
  if (isPng(source)) {
    const kept = keepImageChunks(source);
    if (!kept) throw undecodable();
    image = kept;
  }
  // `unlimited: false` (the default, stated here) keeps libvips' own caps on PNG and HEIF metadata; the rest is ours.
  const input = {
    limitInputPixels: limits.maxPixels,
    limitInputChannels: 5,
    unlimited: false,
    animated: false,
    sequentialRead: true,
    failOn: "warning",
  } as const;
  let meta: Metadata;
  try {
    meta = await sharp(image, input).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !READABLE.has(meta.format)) throw unsupported();
  if ((meta.width ?? 0) * (meta.height ?? 0) > limits.maxPixels) throw tooLarge();
  if (wholeFrameBytes(meta) > limits.maxFrameBytes) throw tooLarge();
  try {
    return await sharp(image, input)
      .timeout({ seconds: limits.renderSeconds })
      .autoOrient()
      .resize({ width, height: 2 * width, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 72, effort: 2 })
      .toBuffer();
  } catch (err) {
    // libvips stops a rendering past `timeout` with "timeout: N% complete".
    throw err instanceof Error && err.message.startsWith("timeout") ? tooSlow() : undecodable();
  }
}
