import os from "node:os";
import sharp, { type Metadata } from "sharp";
import { HttpError } from "../http/errors.js";

/** Widths the client asks for: the spec's 360 and twice that for high-density screens. */
export const THUMBNAIL_WIDTHS = [360, 720] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

export interface ThumbnailLimits {
  /** Larger sources are refused (413) rather than read whole into memory. */
  maxSourceBytes: number;
  /** Larger images are refused (413) before they are decoded: a small file can claim a huge canvas. */
  maxPixels: number;
  /** Renderings at once; the rest wait. One fewer than the cores, so requests always have a core. */
  concurrency: number;
  /** Renderings waiting at most; past that the answer is 503 with Retry-After. */
  maxWaiting: number;
}

export const DEFAULT_LIMITS: ThumbnailLimits = {
  maxSourceBytes: 50 * 1024 * 1024,
  maxPixels: 100_000_000,
  concurrency: Math.max(1, os.availableParallelism() - 1),
  maxWaiting: 64,
};

// Each rendering uses one libvips thread and keeps nothing in libvips' operation cache: the gate in routes.ts is
// the only parallelism, and memory falls back after each picture.
sharp.concurrency(1);
sharp.cache(false);

/** Formats this server makes thumbnails of. SVG is not among them: rendering it runs a full SVG engine on user input. */
const READABLE = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

export const unsupported = () => new HttpError(415, "not an image format this server makes thumbnails of");
export const tooLarge = () => new HttpError(413, "image too large for a thumbnail");

/** A WebP at most `width` wide (never enlarged), turned upright by its EXIF orientation. */
export async function renderThumbnail(source: Buffer, width: ThumbnailWidth, limits: ThumbnailLimits): Promise<Buffer> {
  const input = { limitInputPixels: limits.maxPixels, animated: false, sequentialRead: true };
  let meta: Metadata;
  try {
    meta = await sharp(source, input).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !READABLE.has(meta.format)) throw unsupported();
  if ((meta.width ?? 0) * (meta.height ?? 0) > limits.maxPixels) throw tooLarge();
  try {
    return await sharp(source, input)
      .autoOrient()
      .resize({ width, height: 2 * width, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 72, effort: 2 })
      .toBuffer();
  } catch {
    throw new HttpError(422, "the image could not be decoded");
  }
}
