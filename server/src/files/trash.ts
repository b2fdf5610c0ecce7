import type { DbHandle, Queryable } from "../db/index.js";
import { nameSortKey } from "../db/name-key.js";
import { conflict, HttpError, notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { type FileOut, type FileOutRow, type FileRow, LIST_COLUMNS, toFileOut } from "./file-row.js";
import { makeDirs } from "./folders.js";
import { nameProblem, numberedName } from "./lib/names.js";
import { getOwnedFile, getRootFolder, isUuid, pathOf } from "./tree.js";
import { deleteTrees } from "./tree-delete.js";

/**
 * The trash (migration 5). Deleting an item marks its whole tree `trashed` (a big tree in the background:
 * files/tree-delete.ts), which hides it from everything that reads active rows and takes it out of every count; the
 * rows, their parts and their shares stay until the item is deleted for good (by the user, or by the purge job after
 * TRASH_KEEP_DAYS), or are made active again by a restore.
 * An item deleted inside a folder that is deleted later stays an item of its own in the trash.
 */

/** Days an item stays in the trash before the purge job deletes it for good. */
export const TRASH_KEEP_DAYS = 30;

export const PURGE_TRASH_JOB = "purge-trash";

/** What to do when a restored item's name is taken in its folder. */
export type OnConflict = "rename" | "replace" | "skip";

export interface TrashItem extends FileOut {
  trashedAt: string;
  /** The folder it was deleted from, as a path ("/" for the top of the drive). */
  origin: string;
}

export interface TrashPage {
  items: TrashItem[];
  meta: { count: number; totalPages: number; currentPage: number };
}

export interface Clash {
  id: string;
  name: string;
  /** The folder where the name is taken, as a path. */
  destination: string;
}

type TrashedRow = FileRow & { trash_root: string | null; trashed_at: Date | null; trash_origin: string | null };

const displayPath = (path: string) => path || "/";

/** Moves the trees rooted at `items` (the user's active rows, already locked) to the trash (files/tree-delete.ts). */
export async function trashTrees(q: Queryable, items: FileRow[], batchRows: number): Promise<void> {
  const origins = new Map<string, string>();
  for (const item of items)
    if (item.parent_id && !origins.has(item.parent_id))
      origins.set(item.parent_id, displayPath(await pathOf(q, item.parent_id)));
  await deleteTrees(
    q,
    items.map((i) => ({ id: i.id, origin: i.parent_id ? origins.get(i.parent_id) : "/" })),
    "trashed",
    batchRows,
  );
}

/** One page of the user's trash, most recently deleted first. */
export async function listTrash(db: Queryable, userId: number, page: number, limit: number): Promise<TrashPage> {
  const [total] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM files WHERE user_id = $1 AND status = 'trashed' AND trash_root = id",
    [userId],
  );
  const rows = await db.query<FileOutRow & { trashed_at: Date; trash_origin: string | null }>(
    `SELECT ${LIST_COLUMNS}, trashed_at, trash_origin FROM files
     WHERE user_id = $1 AND status = 'trashed' AND trash_root = id
     ORDER BY trashed_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, (page - 1) * limit],
  );
  const count = total?.n ?? 0;
  return {
    items: rows.map((r) => ({ ...toFileOut(r), trashedAt: rfc3339(r.trashed_at), origin: r.trash_origin ?? "/" })),
    meta: { count, totalPages: Math.ceil(count / limit), currentPage: page },
  };
}

/** The user's deleted items with these ids (not rows inside a deleted folder), locked; 404 unless every one is. */
async function trashedItems(q: Queryable, userId: number, ids: string[]): Promise<TrashedRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.every(isUuid)) throw notFound("item not found in the trash");
  const rows = await q.query<TrashedRow>(
    `SELECT * FROM files WHERE id = ANY($1::uuid[]) AND user_id = $2 AND status = 'trashed' AND trash_root = id
     ORDER BY id FOR UPDATE`,
    [unique, userId],
  );
  if (rows.length !== unique.length) throw notFound("item not found in the trash");
  return rows;
}

/**
 * Where a restored item goes: the folder it was deleted from if that folder is still in the drive (wherever it is
 * now), else that folder's path made again, else (a file holds a name on that path) the top of the drive. Locked.
 */
async function restoreDestination(q: Queryable, userId: number, row: TrashedRow): Promise<FileRow> {
  const parent = row.parent_id ? await getOwnedFile(q, userId, row.parent_id, "share") : null;
  if (parent?.type === "folder") return parent;
  try {
    return await makeDirs(q, userId, row.trash_origin ?? "/");
  } catch (err) {
    if (err instanceof HttpError && err.status === 409) return getRootFolder(q, userId);
    throw err;
  }
}

async function nameTaken(q: Queryable, folderId: string, name: string): Promise<FileRow | undefined> {
  const rows = await q.query<FileRow>(
    "SELECT * FROM files WHERE parent_id = $1 AND name = $2 AND status = 'active' FOR UPDATE",
    [folderId, name],
  );
  return rows[0];
}

interface Placement {
  root: string;
  dest: string;
  name: string;
}

/**
 * Puts deleted items back (trees whole). Without `onConflict` any name already taken where an item goes is a 409
 * listing every clash, and nothing is restored. `rename` gives the item the first free "name (n)", `skip` leaves it
 * in the trash, `replace` moves the item holding the name to the trash (items of this same restore never replace
 * each other: they are renamed).
 */
export async function restoreTrashed(
  q: Queryable,
  userId: number,
  ids: string[],
  onConflict: OnConflict | undefined,
  batchRows: number,
): Promise<{ restored: FileOut[]; skipped: string[] }> {
  const items = await trashedItems(q, userId, ids);
  const placements: Placement[] = [];
  const clashes: Clash[] = [];
  const skipped: string[] = [];
  const toReplace: FileRow[] = [];
  /** Names this restore gives out, per destination folder. */
  const claimed = new Map<string, Set<string>>();
  const isClaimed = (folder: string, name: string) => claimed.get(folder)?.has(name) ?? false;
  for (const item of items) {
    const dest = await restoreDestination(q, userId, item);
    let name = item.name;
    const holder = await nameTaken(q, dest.id, name);
    if (holder || isClaimed(dest.id, name)) {
      if (!onConflict) {
        clashes.push({ id: item.id, name, destination: displayPath(await pathOf(q, dest.id)) });
        continue;
      }
      if (onConflict === "skip") {
        skipped.push(item.id);
        continue;
      }
      if (onConflict === "replace" && holder && !isClaimed(dest.id, name)) toReplace.push(holder);
      else name = await freeName(q, dest.id, name, (n) => isClaimed(dest.id, n));
    }
    claimed.set(dest.id, (claimed.get(dest.id) ?? new Set()).add(name));
    placements.push({ root: item.id, dest: dest.id, name });
  }
  if (clashes.length > 0) {
    const [first] = clashes;
    const what = clashes.length === 1 && first ? `"${first.name}" already exists in ${first.destination}` : "";
    throw conflict(what || `${clashes.length} names already exist where the items go back`, { clashes });
  }
  if (toReplace.length > 0) {
    await trashTrees(q, toReplace, batchRows);
    // A replaced folder may have been where another item goes back to.
    const live = await q.query<{ id: string }>(
      "SELECT id FROM files WHERE id = ANY($1::uuid[]) AND status = 'active'",
      [[...new Set(placements.map((p) => p.dest))]],
    );
    if (live.length !== new Set(placements.map((p) => p.dest)).size)
      throw conflict("an item to replace holds another item being restored; restore them one at a time");
  }
  await q.query(
    `UPDATE files f SET status = 'active', trash_root = NULL, trashed_at = NULL, trash_origin = NULL,
       parent_id = CASE WHEN f.id = v.root THEN v.dest ELSE f.parent_id END,
       name = CASE WHEN f.id = v.root THEN v.name ELSE f.name END,
       name_key = CASE WHEN f.id = v.root THEN v.name_key ELSE f.name_key END
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS v(root, dest, name, name_key)
     WHERE f.trash_root = v.root AND f.status = 'trashed'`,
    [
      placements.map((p) => p.root),
      placements.map((p) => p.dest),
      placements.map((p) => p.name),
      placements.map((p) => nameSortKey(p.name)),
    ],
  );
  const rows = await q.query<FileRow>("SELECT * FROM files WHERE id = ANY($1::uuid[]) ORDER BY name_key, id", [
    placements.map((p) => p.root),
  ]);
  const restored: FileOut[] = [];
  for (const row of rows) restored.push({ ...toFileOut(row), path: await pathOf(q, row.id) });
  return { restored, skipped };
}

/** The first "name (n)" free in the folder and not claimed by this restore. */
async function freeName(
  q: Queryable,
  folderId: string,
  name: string,
  claimed: (candidate: string) => boolean,
): Promise<string> {
  for (let n = 1; n < 10_000; n++) {
    const candidate = numberedName(name, n);
    if (nameProblem(candidate)) break;
    if (!claimed(candidate) && !(await nameTaken(q, folderId, candidate))) return candidate;
  }
  throw conflict(`no free name for "${name}"`);
}

const forGood = (q: Queryable, items: { id: string }[], batchRows: number) =>
  deleteTrees(
    q,
    items.map((i) => ({ id: i.id })),
    "purging",
    batchRows,
  );

/** Deletes these items of the user's trash for good (their rows and parts go in the background). */
export async function deleteTrashed(q: Queryable, userId: number, ids: string[], batchRows: number): Promise<void> {
  await forGood(q, await trashedItems(q, userId, ids), batchRows);
}

/** Deletes everything in the user's trash for good. */
export async function emptyTrash(q: Queryable, userId: number, batchRows: number): Promise<void> {
  const items = await q.query<{ id: string }>(
    "SELECT id FROM files WHERE user_id = $1 AND status = 'trashed' AND trash_root = id ORDER BY id FOR UPDATE",
    [userId],
  );
  await forGood(q, items, batchRows);
}

/** Deletes for good every item that has been in a trash longer than TRASH_KEEP_DAYS, a batch per transaction. */
export async function purgeOldTrash(db: DbHandle, batchRows: number, renew: () => Promise<void>): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = await db.tx(async (q) => {
      const items = await q.query<{ id: string }>(
        `SELECT id FROM files WHERE status = 'trashed' AND trash_root = id
           AND trashed_at < now() - make_interval(days => $1)
         ORDER BY trashed_at LIMIT 500 FOR UPDATE SKIP LOCKED`,
        [TRASH_KEEP_DAYS],
      );
      await forGood(q, items, batchRows);
      return items.length;
    });
    purged += batch;
    if (batch === 0) return purged;
    await renew();
  }
}
