/** Folders come before files in every sort order: a listing is the folder segment, then the file segment. */
export type SegmentType = "folder" | "file";

export interface Segment {
  type: SegmentType;
  /** Rows in the segment. */
  count: number;
}

export interface SegmentRange {
  type: SegmentType;
  /** Position of the first row wanted within the segment, in the requested order. */
  start: number;
  take: number;
  count: number;
}

/** Which rows of each segment make up rows [offset, offset + limit) of the whole listing. */
export function segmentRanges(segments: Segment[], offset: number, limit: number): SegmentRange[] {
  const ranges: SegmentRange[] = [];
  let skip = offset;
  let left = limit;
  for (const s of segments) {
    if (left <= 0) break;
    if (skip >= s.count) {
      skip -= s.count;
      continue;
    }
    const take = Math.min(left, s.count - skip);
    ranges.push({ type: s.type, start: skip, take, count: s.count });
    left -= take;
    skip = 0;
  }
  return ranges;
}

/** Segment number in the database (scope_counts, page_marks). */
export const segNumber = (type: SegmentType) => (type === "folder" ? 0 : 1);
