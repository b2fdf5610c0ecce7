import exifr from "exifr";
import type { Queryable } from "../db/index.js";

/** EXIF dates: "YYYY:MM:DD HH:MM:SS", optionally with fractions. */
const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
/** Cameras with an unset clock write 0000:00:00 or 1970 (floatingDate); such a date says nothing. */
const EARLIEST = Date.UTC(1900, 0, 1);
/** A wall clock runs at most 14 hours ahead of UTC (UTC+14), and a clock may be a little fast. */
const LATEST_AHEAD_MS = 86_400_000;

/**
 * When the picture in `image` was taken, as the camera's clock showed it where it was taken: EXIF DateTimeOriginal
 * (else CreateDate) written as if it were UTC, a "floating" time whose fields are the EXIF date and time. The offset a
 * camera may add (OffsetTimeOriginal) is not applied, so every viewer sees the day the picture was taken on, near
 * midnight too (docs/decisions.md, "Photos by the date a picture was taken"). Undefined when the image has no such
 * date or it cannot be read; exifr reads only the metadata blocks of the bytes already in memory.
 */
export async function takenAtOf(image: Buffer): Promise<Date | undefined> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(image, { pick: ["DateTimeOriginal", "CreateDate"], reviveValues: false });
  } catch {
    return undefined;
  }
  const raw = typeof tags?.DateTimeOriginal === "string" ? tags.DateTimeOriginal : tags?.CreateDate;
  const m = typeof raw === "string" ? EXIF_DATE.exec(raw.trim()) : null;
  if (!m) return undefined;
  return floatingDate(m);
}

/** Unset clocks count from 1904 (QuickTime) or 1970 (Unix): a date in either year is taken for no date. */
const EPOCH_YEARS = new Set([1904, 1970]);

/**
 * The wall clock in `fields` (a match whose groups 1-6 are year, month, day, hour, minute, second) as a floating
 * time (those fields as UTC), or undefined when it is no real date: not in the calendar, before 1900, in an epoch
 * year, or more than a day ahead of now.
 */
export function floatingDate(fields: RegExpExecArray): Date | undefined {
  const [y, mo, d, h, mi, s] = fields.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 2019-02-31 over to March: a date that does not read back as written is no date.
  if (wall.getUTCFullYear() !== y || wall.getUTCMonth() !== mo - 1 || wall.getUTCDate() !== d || h > 23)
    return undefined;
  if (wall.getTime() < EARLIEST || wall.getTime() > Date.now() + LATEST_AHEAD_MS) return undefined;
  if (EPOCH_YEARS.has(y)) return undefined;
  return wall;
}

/** Records when a file's picture was taken; a file whose content was replaced meanwhile is left alone. */
export async function recordTakenAt(db: Queryable, file: { id: string; parts: unknown }, at: Date): Promise<void> {
  await db.query(
    "UPDATE files SET taken_at = $2 WHERE id = $1 AND parts = $3::jsonb AND taken_at IS DISTINCT FROM $2",
    [file.id, at, JSON.stringify(file.parts)],
  );
}
