import { blobOf } from "./object-urls";

/**
 * When a photo was taken, from its EXIF (DateTimeOriginal, else CreateDate), or undefined. exifr reads only the
 * first part of the file (range requests), and is loaded with the image viewer only.
 */
export async function photoTakenAt(src: string): Promise<Date | undefined> {
  const { parse } = await import("exifr");
  // The page may not fetch blob: URLs (connect-src): an object URL's Blob is read directly.
  const input = blobOf(src) ?? src;
  const tags: unknown = await parse(input, { pick: ["DateTimeOriginal", "CreateDate"] });
  if (!tags || typeof tags !== "object") return undefined;
  const { DateTimeOriginal, CreateDate } = tags as { DateTimeOriginal?: unknown; CreateDate?: unknown };
  const value = DateTimeOriginal ?? CreateDate;
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value : undefined;
}
