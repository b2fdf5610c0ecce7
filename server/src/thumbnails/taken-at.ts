import exifr from "exifr";
import type { Queryable } from "../db/index.js";

/** EXIF dates: "YYYY:MM:DD HH:MM:SS", optionally with fractions. */
const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;
/** Cameras with an unset clock write 0000:00:00 or 1970; such a date says nothing. */
const EARLIEST = Date.UTC(1900, 0, 1);

/**
 * When the picture in `image` was taken: EXIF DateTimeOriginal (else CreateDate), at OffsetTimeOriginal when the
 * camera wrote one, else read as UTC (EXIF dates carry no zone; see docs/decisions.md). Undefined when the image has
 * no such date or it cannot be read; exifr reads only the metadata blocks of the bytes already in memory.
 */
export async function takenAtOf(image: Buffer): Promise<Date | undefined> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(image, {
      pick: ["DateTimeOriginal", "CreateDate", "OffsetTimeOriginal"],
      reviveValues: false,
    });
  } catch {
    return undefined;
  }
  const raw = typeof tags?.DateTimeOriginal === "string" ? tags.DateTimeOriginal : tags?.CreateDate;
  const m = typeof raw === "string" ? EXIF_DATE.exec(raw.trim()) : null;
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 2019-02-31 over to March: a date that does not read back as written is no date.
  if (wall.getUTCFullYear() !== y || wall.getUTCMonth() !== mo - 1 || wall.getUTCDate() !== d || h > 23)
    return undefined;
  const offset = typeof tags?.OffsetTimeOriginal === "string" ? OFFSET.exec(tags.OffsetTimeOriginal.trim()) : null;
  const minutes = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const at = new Date(wall.getTime() - minutes * 60_000);
  if (at.getTime() < EARLIEST || at.getTime() > Date.now() + 86_400_000) return undefined;
  return at;
}

/** Records when a file's picture was taken; a file whose content was replaced meanwhile is left alone. */
export async function recordTakenAt(db: Queryable, file: { id: string; parts: unknown }, at: Date): Promise<void> {
  await db.query(
    "UPDATE files SET taken_at = $2 WHERE id = $1 AND parts = $3::jsonb AND taken_at IS DISTINCT FROM $2",
    [file.id, at, JSON.stringify(file.parts)],
  );
}
