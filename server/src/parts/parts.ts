import type { Db, Queryable } from "../db/index.js";
import { badRequest } from "../http/errors.js";
import { enqueue } from "../jobs/queue.js";
import type { Blobs } from "../storage/blobs.js";
import { decryptedSize } from "../storage/crypt.js";

/**
 * The life of a stored part (migration 3, table `parts`): written to disk, then its row recorded; referenced by
 * upload rows and by any number of files (a copy references the same parts); removed — row first, then the file —
 * only by the reclaim job, and only when nothing references it any more. So no file can point at a part that is
 * gone, and deleting one file never removes another's parts.
 */

export interface PartRow {
  id: number;
  channel_id: number;
  size: number | null;
  encrypted: boolean;
  /** An encrypted part's salt; null for plain parts and for encrypted ones stored before migration 7. */
  salt: string | null;
}

/** A part to reclaim: its id and the channel its file is in (kept for when its row is already gone). */
export type PartRef = [id: number, channelId: number];

export const RECLAIM_JOB = "reclaim-parts";

export async function recordPart(
  q: Queryable,
  part: { id: number; channelId: number; userId: number; size: number; encrypted: boolean; salt: string },
): Promise<void> {
  await q.query("INSERT INTO parts (id, channel_id, user_id, size, encrypted, salt) VALUES ($1, $2, $3, $4, $5, $6)", [
    part.id,
    part.channelId,
    part.userId,
    part.size,
    part.encrypted,
    part.encrypted ? part.salt : null,
  ]);
}

/**
 * The parts a new or changed file will reference, locked until the transaction ends so the reclaim job cannot
 * remove them meanwhile. 400 when one is missing, another user's, in another channel, mixes encryption, or is
 * encrypted and given without the salt it was encrypted with (`salts`, in the order of `ids`; the file could never be
 * read). Returns them in the order given, with their plaintext sizes (read from disk for parts recorded before sizes
 * were).
 */
export async function lockFileParts(
  q: Queryable,
  blobs: Blobs,
  opts: { userId: number; channelId: number; ids: number[]; encrypted: boolean; salts?: (string | undefined)[] },
): Promise<{ id: number; plainSize: number }[]> {
  if (opts.ids.length === 0) return [];
  const rows = await q.query<PartRow & { user_id: number }>(
    "SELECT id, channel_id, user_id, size, encrypted, salt FROM parts WHERE id = ANY($1::bigint[]) ORDER BY id FOR SHARE",
    [[...new Set(opts.ids)]],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: { id: number; plainSize: number }[] = [];
  for (const [i, id] of opts.ids.entries()) {
    const row = byId.get(id);
    if (!row || row.user_id !== opts.userId) throw badRequest(`part ${i + 1} (id ${id}) does not exist`);
    if (row.channel_id !== opts.channelId) throw badRequest(`part ${i + 1} (id ${id}) is in another channel`);
    if (row.encrypted !== opts.encrypted)
      throw badRequest(`part ${i + 1} (id ${id}) is ${row.encrypted ? "" : "not "}encrypted, unlike the file`);
    // Parts stored before salts were recorded (migration 7) cannot be checked.
    if (opts.salts && row.encrypted && row.salt !== null && opts.salts[i] !== row.salt)
      throw badRequest(`part ${i + 1} (id ${id}) needs the salt it was encrypted with, as its upload answered`);
    const plainSize =
      row.size === null
        ? await blobs.plainPartSize(row.channel_id, { id }, row.encrypted)
        : row.encrypted
          ? decryptedSize(row.size)
          : row.size;
    out.push({ id, plainSize });
  }
  return out;
}

/**
 * 400 unless the parts hold exactly `size` bytes, laid out as readers expect: every part but the last of one size,
 * the last no larger. A file whose declared size disagrees with its parts would hang or cut short every reader.
 */
export function checkPartSizes(size: number, parts: { plainSize: number }[]): void {
  const total = parts.reduce((sum, p) => sum + p.plainSize, 0);
  if (total !== size) throw badRequest(`size ${size} does not match its parts, which hold ${total} bytes`);
  const first = parts[0]?.plainSize ?? 0;
  if (parts.some((p, i) => (i < parts.length - 1 ? p.plainSize !== first : p.plainSize > first)))
    throw badRequest("every part but the last must have the same size, and the last no larger");
}

/** Hands parts that may have lost their last reference to the reclaim job, in the caller's transaction. */
export async function releaseParts(q: Queryable, parts: PartRef[]): Promise<void> {
  if (parts.length > 0) await enqueue(q, RECLAIM_JOB, { parts });
}

const BATCH = 1000;

/**
 * The reclaim job: for each batch, in one transaction, locks the parts' rows (a file being created with one of
 * them holds a share lock, so this waits for it and then sees its reference), deletes the rows nothing references,
 * and commits; then unlinks the files of every part of the batch whose row is gone (now or in an earlier run that
 * crashed before unlinking). Running it twice is harmless.
 */
export async function reclaimParts(db: Db, blobs: Blobs, parts: PartRef[], renew: () => Promise<void>) {
  for (let i = 0; i < parts.length; i += BATCH) {
    const batch = parts.slice(i, i + BATCH);
    const ids = [...new Set(batch.map(([id]) => id))];
    const gone = await db.background.tx(async (q) => {
      const present = await q.query<{ id: number }>(
        "SELECT id FROM parts WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE",
        [ids],
      );
      const deleted = await q.query<{ id: number; channel_id: number }>(
        `DELETE FROM parts p WHERE p.id = ANY($1::bigint[])
           AND NOT EXISTS (SELECT 1 FROM files f WHERE f.parts @> jsonb_build_array(jsonb_build_object('id', p.id)))
           AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.part_id = p.id)
         RETURNING p.id, p.channel_id`,
        [ids],
      );
      const known = new Set(present.map((r) => r.id));
      // Parts whose row was already gone: removed by an earlier run that stopped before unlinking.
      const earlier = batch.filter(([id]) => !known.has(id));
      return [...deleted.map((r): PartRef => [r.id, r.channel_id]), ...earlier];
    });
    const byChannel = new Map<number, { id: number }[]>();
    for (const [id, channelId] of gone) {
      const list = byChannel.get(channelId) ?? [];
      list.push({ id });
      byChannel.set(channelId, list);
    }
    for (const [channelId, list] of byChannel) await blobs.deleteParts(channelId, list);
    await renew();
  }
}
