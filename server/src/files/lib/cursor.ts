import { z } from "zod";
import type { SegmentType } from "./segments.js";
import type { SortField, SortOrder } from "./sorts.js";

/**
 * Where a cursor walk (API-B's `cursor`, `meta.nextCursor`) stands: after the row `id` of segment `seg`, whose sort
 * key was `key` (the stored value as text: the name key, the size, or the exact timestamp with microseconds). Bound
 * to the sort and order it was made for. Opaque to clients: base64url of a small JSON object.
 */
export interface Cursor {
  sort: SortField;
  order: SortOrder;
  seg: SegmentType;
  /** null when the sort is `id`, whose key is the id itself. */
  key: string | null;
  id: string;
  /**
   * The database snapshot (pg_snapshot text) the walk's first page was read in: rows changed in transactions it does
   * not see are placed at their keys before the change (cursor-paging.ts). Absent in cursors made before it existed.
   */
  snapshot?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const stored = z.object({
  v: z.literal(1),
  s: z.enum(["name", "updatedAt", "takenAt", "size", "id"]),
  o: z.enum(["asc", "desc"]),
  t: z.enum(["folder", "file"]),
  k: z.string().max(8192).nullable(),
  i: z.string().regex(UUID),
  x: z
    .string()
    .max(4096)
    .regex(/^\d+:\d+:(\d+(,\d+)*)?$/)
    .optional(),
});

/** Why a cursor cannot be used; the route answers 400 with it. */
export class CursorError extends Error {}

/** Whether a pg_snapshot text is one PostgreSQL accepts: xmin ≤ each in-progress xid < xmax. */
function snapshotInOrder(text: string): boolean {
  const [xmin = "", xmax = "", xip = ""] = text.split(":");
  const lo = BigInt(xmin);
  const hi = BigInt(xmax);
  if (lo < 1n || lo > hi || hi >= 2n ** 63n) return false;
  return xip === "" || xip.split(",").every((x) => BigInt(x) >= lo && BigInt(x) < hi);
}

export function encodeCursor(c: Cursor): string {
  const body = { v: 1, s: c.sort, o: c.order, t: c.seg, k: c.key, i: c.id, x: c.snapshot || undefined };
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

/** The cursor a request sent, checked against the sort and order of the request (a walk keeps both). */
export function decodeCursor(text: string, sort: SortField, order: SortOrder): Cursor {
  let parsed: z.infer<typeof stored>;
  try {
    parsed = stored.parse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")));
  } catch {
    throw new CursorError("invalid cursor");
  }
  if (parsed.s !== sort || parsed.o !== order)
    throw new CursorError("the cursor belongs to another sort or order: start the listing again");
  const numeric = sort === "size" && (parsed.k === null || !/^\d+$/.test(parsed.k));
  const timed =
    (sort === "updatedAt" || sort === "takenAt") && (parsed.k === null || Number.isNaN(Date.parse(parsed.k)));
  if (numeric || timed || (sort === "name" && parsed.k === null)) throw new CursorError("invalid cursor");
  if (parsed.x && !snapshotInOrder(parsed.x)) throw new CursorError("invalid cursor");
  const cursor: Cursor = { sort, order, seg: parsed.t, key: sort === "id" ? null : parsed.k, id: parsed.i };
  return parsed.x ? { ...cursor, snapshot: parsed.x } : cursor;
}
