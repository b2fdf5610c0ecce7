import type { Config } from "../config.js";
import type { DbHandle, Queryable } from "../db/index.js";
import { nameSortKey } from "../db/name-key.js";
import { conflict, HttpError, notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { lockTableFor, refuseLocked } from "../webdav/locks.js";
import { type BatchedWrite, writeInBatches } from "./bulk-write.js";
import { type FileOut, type FileOutRow, type FileRow, LIST_COLUMNS, toFileOut } from "./file-row.js";
import { makeDirs } from "./folders.js";
import { freeNames, nameKey, takenNames } from "./free-names.js";
import { childPath, getRootFolder, isUuid, MAX_DEPTH, pathOf } from "./tree.js";
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

/** Paths of these rows ("" for the root folder), from one recursive query. */
export async function pathsOf(q: Queryable, ids: string[]): Promise<Map<string, string>> {
  const rows = await q.query<{ item: string; path: string }>(
    `WITH RECURSIVE up(item, id, parent_id, name, depth) AS (
       SELECT id, id, parent_id, name, 0 FROM files WHERE id = ANY($1::uuid[])
       UNION ALL
       SELECT up.item, f.id, f.parent_id, f.name, up.depth + 1 FROM files f JOIN up ON f.id = up.parent_id
       WHERE up.depth < ${MAX_DEPTH}
     )
     SELECT item, coalesce(string_agg('/' || name, '' ORDER BY depth DESC) FILTER (WHERE parent_id IS NOT NULL), '')
       AS path
     FROM up GROUP BY item`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.item, r.path]));
}

/**
 * Where each restored item goes: the folder it was deleted from if that folder is still in the drive (wherever it
 * is now), else that folder's path made again, else (a file holds a name on that path) the top of the drive. Locked.
 * One query for all the folders still there; the paths to make again once per path.
 */
async function restoreDestinations(q: Queryable, userId: number, items: TrashedRow[]): Promise<Map<string, FileRow>> {
  const parents = await q.query<FileRow>(
    `SELECT * FROM files WHERE id = ANY($1::uuid[]) AND user_id = $2 AND status = 'active' AND type = 'folder'
     ORDER BY id FOR SHARE`,
    [[...new Set(items.flatMap((i) => (i.parent_id ? [i.parent_id] : [])))], userId],
  );
  const byId = new Map(parents.map((p) => [p.id, p]));
  const made = new Map<string, FileRow>();
  const dests = new Map<string, FileRow>();
  for (const item of items) {
    let dest = item.parent_id ? byId.get(item.parent_id) : undefined;
    if (!dest) {
      const origin = item.trash_origin ?? "/";
      dest = made.get(origin);
      if (!dest) {
        try {
          dest = await makeDirs(q, userId, origin);
        } catch (err) {
          if (!(err instanceof HttpError && err.status === 409)) throw err;
          dest = await getRootFolder(q, userId);
        }
        made.set(origin, dest);
      }
    }
    dests.set(item.id, dest);
  }
  return dests;
}

interface Placement {
  root: string;
  dest: string;
  name: string;
}

export const RESTORE_TREES_JOB = "restore-trees";

/**
 * Puts deleted items back (trees whole). Without `onConflict` any name already taken where an item goes is a 409
 * listing every clash, and nothing is restored. `rename` gives the item the first free "name (n)", `skip` leaves it
 * in the trash, `replace` moves the item holding the name to the trash (items of this same restore never replace
 * each other: they are renamed). Names are looked up for all items at once (free-names.ts).
 *
 * The items themselves come back in the request, with as many rows below them as one batch allows; the rest of a
 * big tree comes back in steps of the `restore-trees` job (bulk-write.ts), folders first. Meanwhile a restored
 * folder can show only part of what it held, and rows still to come back stay hidden; an item the user puts in a
 * restored folder meanwhile keeps its name, and the item coming back with that name gets the first free
 * "name (n)". Deleting the item again meanwhile leaves the rest in the trash with it. A WebDAV lock taken meanwhile
 * on a folder the rows go back to holds the job until it ends.
 */
export async function restoreTrashed(
  q: Queryable,
  userId: number,
  ids: string[],
  onConflict: OnConflict | undefined,
  config: Pick<Config, "deleteBatchRows" | "bulkJobsPerUser">,
): Promise<{ restored: FileOut[]; skipped: string[] }> {
  // Apart from refuseLocked below: the items, destinations and name holders it locks in between name its targets.
  await lockTableFor(q, userId, "write");
  const items = await trashedItems(q, userId, ids);
  const dests = await restoreDestinations(q, userId, items);
  const destOf = (item: TrashedRow) => dests.get(item.id) as FileRow;
  const holders = await q.query<FileRow>(
    `SELECT f.* FROM unnest($2::uuid[], $3::text[]) AS v(folder, name)
     JOIN files f ON f.user_id = $1 AND coalesce(f.parent_id, '00000000-0000-0000-0000-000000000000'::uuid) = v.folder
       AND f.name = v.name AND f.status = 'active'
     ORDER BY f.id FOR UPDATE OF f`,
    [userId, items.map((i) => destOf(i).id), items.map((i) => i.name)],
  );
  const holderOf = new Map(holders.map((h) => [nameKey(h.parent_id ?? "", h.name), h]));
  const placements: Placement[] = [];
  const clashes: { id: string; name: string; folder: string }[] = [];
  const skipped: string[] = [];
  const toReplace: FileRow[] = [];
  const toRename: { item: TrashedRow; folder: string }[] = [];
  /** Names this restore gives out, as nameKey()s. */
  const claimed = new Set<string>();
  for (const item of items) {
    const dest = destOf(item);
    const key = nameKey(dest.id, item.name);
    const holder = holderOf.get(key);
    if (!holder && !claimed.has(key)) {
      claimed.add(key);
      placements.push({ root: item.id, dest: dest.id, name: item.name });
    } else if (!onConflict) clashes.push({ id: item.id, name: item.name, folder: dest.id });
    else if (onConflict === "skip") skipped.push(item.id);
    else if (onConflict === "replace" && holder && !claimed.has(key)) {
      toReplace.push(holder);
      claimed.add(key);
      placements.push({ root: item.id, dest: dest.id, name: item.name });
    } else toRename.push({ item, folder: dest.id });
  }
  if (clashes.length > 0) {
    const paths = await pathsOf(
      q,
      clashes.map((c) => c.folder),
    );
    const listed: Clash[] = clashes.map((c) => ({
      id: c.id,
      name: c.name,
      destination: displayPath(paths.get(c.folder) ?? ""),
    }));
    const [first] = listed;
    const what = listed.length === 1 && first ? `"${first.name}" already exists in ${first.destination}` : "";
    throw conflict(what || `${listed.length} names already exist where the items go back`, { clashes: listed });
  }
  // After every kept name is claimed, so a new name never takes one another item keeps.
  const names = await freeNames(
    q,
    userId,
    toRename.map((r) => ({ folder: r.folder, name: r.item.name })),
    claimed,
  );
  toRename.forEach((r, i) => {
    placements.push({ root: r.item.id, dest: r.folder, name: names[i] as string });
  });
  // An item coming back lands in its folder, and one it replaces leaves it: a WebDAV lock on either is a 423.
  await refuseLocked(q, userId, async () => {
    const folders = await pathsOf(
      q,
      placements.map((p) => p.dest),
    );
    return placements.flatMap((p) => {
      const folder = folders.get(p.dest) || "/";
      return [{ path: childPath(folder, p.name), tree: true }, { path: folder }];
    });
  });
  if (toReplace.length > 0) {
    await trashTrees(q, toReplace, config.deleteBatchRows);
    // A replaced folder may have been where another item goes back to.
    const live = await q.query<{ id: string }>(
      "SELECT id FROM files WHERE id = ANY($1::uuid[]) AND status = 'active'",
      [[...new Set(placements.map((p) => p.dest))]],
    );
    if (live.length !== new Set(placements.map((p) => p.dest)).size)
      throw conflict("an item to replace holds another item being restored; restore them one at a time");
  }
  const roots = placements.map((p) => p.root);
  await q.query(
    `UPDATE files f SET status = 'active', trash_root = NULL, trashed_at = NULL, trash_origin = NULL,
       parent_id = v.dest, name = v.name, name_key = v.name_key
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS v(root, dest, name, name_key)
     WHERE f.id = v.root AND f.status = 'trashed'`,
    [roots, placements.map((p) => p.dest), placements.map((p) => p.name), placements.map((p) => nameSortKey(p.name))],
  );
  if (roots.length > 0)
    await writeInBatches(q, restoreWrite, { roots } satisfies RestorePayload, {
      userId,
      budget: config.deleteBatchRows,
      config,
    });
  const rows = await q.query<FileRow>("SELECT * FROM files WHERE id = ANY($1::uuid[]) ORDER BY name_key, id", [roots]);
  const paths = await pathsOf(q, roots);
  return { restored: rows.map((row) => ({ ...toFileOut(row), path: paths.get(row.id) ?? "" })), skipped };
}

interface RestorePayload {
  roots: string[];
}

/**
 * One step of restoring trees whose items are back: makes at most `limit` of their rows still in the trash active
 * again, folders first. A name taken meanwhile (by an item the user put in a restored folder) gives the row coming
 * back the first free "name (n)". A tree whose item is no longer active (deleted again) is left as it is.
 */
async function restoreStep(
  q: Queryable,
  { roots }: RestorePayload,
  limit: number,
): Promise<{ rows: number; done: boolean }> {
  // The lock table before any row lock (webdav/locks.ts), so the user is read unlocked first; it never changes.
  const [owner] = await q.query<{ user_id: number }>("SELECT user_id FROM files WHERE id = ANY($1::uuid[]) LIMIT 1", [
    roots,
  ]);
  if (!owner) return { rows: 0, done: true };
  await lockTableFor(q, owner.user_id, "write");
  // Locking the items keeps a new delete of them from running while the step does (as the settle steps do).
  const tops = await q.query<{ id: string; user_id: number }>(
    "SELECT id, user_id FROM files WHERE id = ANY($1::uuid[]) AND status = 'active' ORDER BY id FOR UPDATE",
    [roots],
  );
  const userId = tops[0]?.user_id;
  if (userId === undefined) return { rows: 0, done: true };
  const live = tops.map((t) => t.id);
  let changed = 0;
  for (const only of ["AND type = 'folder'", ""]) {
    while (changed < limit) {
      const rows = await q.query<{ id: string; parent_id: string; name: string }>(
        `SELECT id, parent_id, name FROM files WHERE trash_root = ANY($1::uuid[]) AND status = 'trashed' ${only}
         LIMIT $2 FOR UPDATE`,
        [live, limit - changed],
      );
      if (rows.length === 0) break;
      const wishes = rows.map((r) => ({ folder: r.parent_id, name: r.name }));
      const taken = await takenNames(q, userId, wishes);
      const clashing = rows.filter((r) => taken.has(nameKey(r.parent_id, r.name)));
      const claimed = new Set(wishes.map((w) => nameKey(w.folder, w.name)));
      const renamed = await freeNames(
        q,
        userId,
        clashing.map((r) => ({ folder: r.parent_id, name: r.name })),
        claimed,
      );
      const newName = new Map(clashing.map((r, i) => [r.id, renamed[i] as string]));
      const names = rows.map((r) => newName.get(r.id) ?? r.name);
      // A WebDAV lock taken since the request on a folder they come back to holds the job until it ends.
      await refuseLocked(
        q,
        userId,
        async () => {
          const folders = await pathsOf(
            q,
            rows.map((r) => r.parent_id),
          );
          return rows.flatMap((r, i) => {
            const folder = folders.get(r.parent_id) || "/";
            return [{ path: folder }, { path: childPath(folder, names[i] ?? r.name) }];
          });
        },
        { tokens: new Set() },
      );
      await q.query(
        `UPDATE files f SET status = 'active', trash_root = NULL, trashed_at = NULL, name = v.name,
           name_key = v.name_key
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(id, name, name_key)
         WHERE f.id = v.id AND f.status = 'trashed'`,
        [rows.map((r) => r.id), names, names.map(nameSortKey)],
      );
      changed += rows.length;
    }
    if (changed >= limit) return { rows: changed, done: false };
  }
  return { rows: changed, done: true };
}

export const restoreWrite: BatchedWrite<RestorePayload> = { job: RESTORE_TREES_JOB, step: restoreStep };

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

export const EMPTY_TRASH_JOB = "empty-trash";

interface EmptyPayload {
  userId: number;
  /** Items deleted up to this time go (not those deleted after the user asked). */
  before: string;
}

/** One step of emptying a trash: at most `limit` of its items deleted for good (their rows go in the background). */
async function emptyStep(
  q: Queryable,
  { userId, before }: EmptyPayload,
  limit: number,
): Promise<{ rows: number; done: boolean }> {
  const items = await q.query<{ id: string }>(
    `SELECT id FROM files WHERE user_id = $1 AND status = 'trashed' AND trash_root = id AND trashed_at <= $2
     ORDER BY trashed_at, id LIMIT $3 FOR UPDATE`,
    [userId, before, limit],
  );
  await forGood(q, items, limit);
  return { rows: items.length, done: items.length < limit };
}

export const emptyTrashWrite: BatchedWrite<EmptyPayload> = { job: EMPTY_TRASH_JOB, step: emptyStep };

/**
 * Deletes everything in the user's trash for good: the first batch of items in the request, the rest in steps of
 * the `empty-trash` job (the trash list shrinks meanwhile).
 */
export async function emptyTrash(
  q: Queryable,
  userId: number,
  config: Pick<Config, "deleteBatchRows" | "bulkJobsPerUser">,
): Promise<void> {
  const [now] = await q.query<{ now: Date }>("SELECT now() AS now");
  const before = (now?.now ?? new Date()).toISOString();
  await writeInBatches(q, emptyTrashWrite, { userId, before } satisfies EmptyPayload, {
    userId,
    budget: config.deleteBatchRows,
    config,
  });
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
