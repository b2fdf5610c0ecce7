/** One slice of a file as sent to `POST /api/uploads/{id}`. */
export interface PartSlice {
  /** 1-based, as the server numbers parts. */
  partNo: number;
  start: number;
  end: number;
}

/**
 * Cuts a file into equal parts (the last may be shorter). The server's streamer assumes every part but the
 * last has the size of part 1, so the size must stay the same for the whole file.
 */
export function splitParts(size: number, partSize: number): PartSlice[] {
  if (!Number.isFinite(partSize) || partSize <= 0) throw new Error(`invalid part size ${partSize}`);
  const parts: PartSlice[] = [];
  for (let start = 0, partNo = 1; start < size; start += partSize, partNo++) {
    parts.push({ partNo, start, end: Math.min(start + partSize, size) });
  }
  return parts;
}

/** Teldrive's naming: the file name for a single part, else `<name>.part.001`, `.002`, ... */
export function partName(fileName: string, partNo: number, totalParts: number): string {
  return totalParts > 1 ? `${fileName}.part.${String(partNo).padStart(3, "0")}` : fileName;
}
