import zlib from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Chunks that change how the pixels look; everything else (text, time, animation, private chunks) is dropped. */
const KEPT = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "sBIT", "bKGD", "pHYs", "cICP"]);
/** EXIF carries the orientation; real ones are a few KB, and the chunk is not compressed. */
const MAX_EXIF_BYTES = 64 * 1024;
/** A colour profile is compressed: it is kept only when it inflates to at most this. Real profiles are under 1 MB. */
const MAX_PROFILE_BYTES = 4 * 1024 * 1024;
const MAX_PROFILE_COMPRESSED = 1024 * 1024;

export const isPng = (source: Buffer) => source.length >= SIGNATURE.length && source.subarray(0, 8).equals(SIGNATURE);

/** Whether an iCCP chunk (name, NUL, method, zlib stream) inflates to at most MAX_PROFILE_BYTES. */
function smallProfile(data: Buffer): boolean {
  if (data.length > MAX_PROFILE_COMPRESSED) return false;
  const nul = data.indexOf(0);
  if (nul < 0 || nul > 79) return false;
  try {
    zlib.inflateSync(data.subarray(nul + 2), { maxOutputLength: MAX_PROFILE_BYTES });
    return true;
  } catch {
    return false;
  }
}

/**
 * The PNG with only the chunks a thumbnail needs, copied as they are (their CRCs stay valid). A PNG may carry any
 * number of zlib-compressed text chunks (zTXt, iTXt), which the decoder inflates and keeps as metadata before a
 * single pixel: 330 KB of them cost 1.5 GB. Dropping them here bounds what the decoder holds to the pixels and a
 * small profile. Undefined when the chunk structure is broken (the decoder would refuse it too).
 */
export function keepImageChunks(source: Buffer): Buffer | undefined {
  const kept: Buffer[] = [SIGNATURE];
  let offset = SIGNATURE.length;
  while (offset + 12 <= source.length) {
    const length = source.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > source.length) return undefined;
    const type = source.toString("latin1", offset + 4, offset + 8);
    const data = source.subarray(offset + 8, offset + 8 + length);
    const keep =
      KEPT.has(type) || (type === "eXIf" && length <= MAX_EXIF_BYTES) || (type === "iCCP" && smallProfile(data));
    if (keep) kept.push(source.subarray(offset, end));
    offset = end;
    if (type === "IEND") return Buffer.concat(kept);
  }
  return undefined;
}
