import { v7 as uuidv7 } from "uuid";
import type { Config } from "../config.js";
import type { Queryable } from "../db/index.js";
import { nameSortKey } from "../db/name-key.js";
import { conflict } from "../http/errors.js";
import { lockTableFor, refuseLocked } from "../webdav/locks.js";
import { type BatchedWrite, tooMany, writeInBatches } from "./bulk-write.js";
import type { FileRow } from "./file-row.js";
import { freeNames, nameKey, takenNames } from "./free-names.js";
import { childPath, drivePath, MAX_DEPTH } from "./tree.js";

/**
 * Copying a file or folder tree as rows only: the copies reference the same parts (a part is removed only when
 * nothing references it, parts/parts.ts), so copying is a database operation, written in batches (bulk-write.ts).
 *
 * The request writes the copy's top row and as many rows below it as one batch allows, and answers with the top.
 * A bigger tree becomes a `copy-tree` job: a `copy_runs` row and, per folder whose children are still to copy, a
 * `copy_folders` row (migration 7). A step takes such a folder and copies its next children in name order, each
 * child folder getting a `copy_folders` row of its own, and records how far it got, all in one transaction.
 *
 * What a user may see meanwhile: the copy's folders fill in over the seconds the job takes (a listing of the copy
 * can be incomplete until then), and the copy is of the tree as each folder is when its turn comes, not of one
 * instant. An item the user puts in the copy meanwhile keeps its name; the copied item of that name gets the first
 * free "name (n)". A folder of the copy that is deleted meanwhile gets nothing more. The parts of each batch stay
 * locked until it commits, so the reclaim job cannot take them in between; a file whose parts are gone is not copied.
 * A WebDAV lock taken since the request on a folder of the copy (or deep above it) holds the job: each step checks
 * the folder it fills and fails while a lock covers it; the queue tries again later, and at once when the lock ends
 * (UNLOCK, or a DELETE or MOVE that takes the lock with it).
 */

export const COPY_TREE_JOB = "copy-tree";

interface CopyPayload {
  copy: string;
  /** The lock tokens a WebDAV COPY submitted: its job passes the locks they name, as the request did. */
  tokens?: string[];
}

interface Copied {
  oldId: string;
  newId: string;
  parent: string;
  name: string;
}

/** Whose rows are copied, and for whom: the same user, or a share's owner and the user saving it. */
interface CopyUsers {
  source: number;
  target: number;
}

/**
 * Inserts copies of the source user's active rows `rows.oldId` (each under `parent`, named `name`) for the target
 * user, except files whose parts are gone; the parts they reference stay locked until the transaction ends.
 * Returns what it inserted.
 */
async function insertCopies(
  q: Queryable,
  users: CopyUsers,
  updatedAt: Date | string,
  rows: Copied[],
): Promise<{ id: string; type: string }[]> {
  if (rows.length === 0) return [];
  const oldIds = rows.map((r) => r.oldId);
  const parts = await q.query<{ id: string }>(
    `SELECT id FROM parts WHERE id IN (
       SELECT (p ->> 'id')::bigint FROM files f,
         jsonb_array_elements(CASE WHEN jsonb_typeof(f.parts) = 'array' THEN f.parts ELSE '[]' END) p
       WHERE f.id = ANY($1::uuid[]))
     FOR SHARE`,
    [oldIds],
  );
  // The events trigger announces these rows as `files.copied` (db/migration-13-events.ts), only these.
  await q.query("SELECT set_config('drive.event_op', 'copied', true)");
  const inserted = await q.query<{ id: string; type: string }>(
    `INSERT INTO files (id, name, name_key, type, mime_type, size, category, encrypted, user_id, parent_id, parts,
       channel_id, hash, updated_at)
     SELECT v.new_id, v.name, v.name_key, f.type, f.mime_type, f.size, f.category, f.encrypted, $9::bigint, v.parent,
       f.parts, f.channel_id, f.hash, $7
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[]) AS v(old_id, new_id, parent, name, name_key)
     JOIN files f ON f.id = v.old_id AND f.user_id = $6 AND f.status = 'active'
     WHERE NOT EXISTS (
       SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(f.parts) = 'array' THEN f.parts ELSE '[]' END) p
       WHERE NOT ((p ->> 'id')::bigint = ANY($8::bigint[])))
     RETURNING id, type`,
    [
      oldIds,
      rows.map((r) => r.newId),
      rows.map((r) => r.parent),
      rows.map((r) => r.name),
      rows.map((r) => nameSortKey(r.name)),
      users.source,
      updatedAt,
      parts.map((p) => p.id),
      users.target,
    ],
  );
  await q.query("SELECT set_config('drive.event_op', '', true)");
  return inserted;
}

/**
 * Copies `source` (locked shared by the caller) into the user's folder `dest` as `name`; every copied row gets
 * `updatedAt`. The source is the user's own, or (saving a share) its owner's: the steps then copy the owner's rows
 * below it, never anything outside it. Answers with the copy's top row once it and the first batch below it are
 * written; the rest is a job. `lockTokens`: those of the WebDAV locks the request passed, which its job passes too.
 */
export async function copyTree(
  q: Queryable,
  opts: { source: FileRow; dest: string; name: string; updatedAt: string; userId: number; lockTokens?: string[] },
  config: Pick<Config, "deleteBatchRows" | "bulkJobsPerUser" | "bulkMaxRows">,
): Promise<FileRow> {
  const topId = uuidv7();
  const users = { source: opts.source.user_id, target: opts.userId };
  const copied = await insertCopies(q, users, opts.updatedAt, [
    { oldId: opts.source.id, newId: topId, parent: opts.dest, name: opts.name },
  ]);
  if (copied.length === 0) throw conflict("the source changed while it was copied; try again");
  if (opts.source.type === "folder") {
    const copy = uuidv7();
    await q.query("INSERT INTO copy_runs (id, user_id, updated_at, rows_left) VALUES ($1, $2, $3, $4)", [
      copy,
      opts.userId,
      opts.updatedAt,
      config.bulkMaxRows - 1,
    ]);
    await q.query("INSERT INTO copy_folders (copy_id, source_id, target_id, depth) VALUES ($1, $2, $3, 1)", [
      copy,
      opts.source.id,
      topId,
    ]);
    const payload: CopyPayload = opts.lockTokens?.length ? { copy, tokens: opts.lockTokens } : { copy };
    await writeInBatches(q, copyWrite, payload, {
      userId: opts.userId,
      budget: config.deleteBatchRows - 1,
      config,
      beforeQueue: () => checkTreeSize(q, opts.source.id, config.bulkMaxRows),
    });
  }
  const [top] = await q.query<FileRow>("SELECT * FROM files WHERE id = $1", [topId]);
  if (!top) throw conflict("the copy was changed while it was made; try again");
  return top;
}

/**
 * 429 when the tree of `folder` holds more than `maxRows` rows. Counted from the stored counts of its folders
 * (migration 3), so it costs a walk through the folders only, and at most `maxRows` of them.
 */
async function checkTreeSize(q: Queryable, folder: string, maxRows: number): Promise<void> {
  const [size] = await q.query<{ folders: number; rows: number }>(
    `WITH RECURSIVE tree(id, depth) AS (
       SELECT $1::uuid, 0
       UNION ALL
       SELECT f.id, tree.depth + 1 FROM files f JOIN tree ON f.parent_id = tree.id
       WHERE f.status = 'active' AND f.type = 'folder' AND tree.depth < ${MAX_DEPTH}
     ), folders AS (SELECT id FROM tree LIMIT $2)
     SELECT (SELECT count(*) FROM folders)::int AS folders,
       (SELECT coalesce(sum(c.n), 0) FROM folders JOIN scope_counts c ON c.kind = 1 AND c.scope = folders.id::text)::float8
         AS rows`,
    [folder, maxRows + 1],
  );
  if (size && (size.folders > maxRows || size.rows + 1 > maxRows))
    throw tooMany(
      `this folder holds ${size.folders > maxRows ? "more than " : ""}${(size.rows + 1).toLocaleString("en")} files and folders; one copy may hold at most ${maxRows.toLocaleString("en")}: copy its subfolders one at a time`,
    );
}

interface PendingFolder {
  source_id: string;
  target_id: string;
  depth: number;
  after_type: string;
  after_key: string;
  after_id: string;
}

/**
 * One step of a copy: copies the next children of its pending folders, at most `limit` rows. A copy that has used
 * its `rows_left` (a copy moved into its own source meanwhile would otherwise never end) stops there.
 */
async function copyStep(
  q: Queryable,
  { copy, tokens }: CopyPayload,
  limit: number,
): Promise<{ rows: number; done: boolean }> {
  // The lock table before any row lock (webdav/locks.ts), so the run's user is read unlocked first; it never changes.
  const [owner] = await q.query<{ user_id: number }>("SELECT user_id FROM copy_runs WHERE id = $1", [copy]);
  if (!owner) return { rows: 0, done: true };
  await lockTableFor(q, owner.user_id, "write");
  const passes = { tokens: new Set(tokens) };
  const [run] = await q.query<{ user_id: number; updated_at: Date; rows_left: number }>(
    "SELECT user_id, updated_at, rows_left::float8 AS rows_left FROM copy_runs WHERE id = $1 FOR UPDATE",
    [copy],
  );
  if (!run) return { rows: 0, done: true };
  let seen = 0;
  let written = 0;
  const finish = async () => {
    await q.query("DELETE FROM copy_runs WHERE id = $1", [copy]);
    return { rows: seen, done: true };
  };
  while (seen < limit) {
    if (written >= run.rows_left) {
      console.warn(`copy ${copy}: stopped after its most rows`);
      return finish();
    }
    const [folder] = await q.query<PendingFolder>(
      "SELECT * FROM copy_folders WHERE copy_id = $1 ORDER BY target_id LIMIT 1",
      [copy],
    );
    if (!folder) return finish();
    const drop = () =>
      q.query("DELETE FROM copy_folders WHERE copy_id = $1 AND target_id = $2", [copy, folder.target_id]);
    // Shared lock: the copy's folder cannot be deleted while its children go in, and once deleted takes no more.
    const target = await q.query("SELECT 1 FROM files WHERE id = $1 AND status = 'active' FOR SHARE", [
      folder.target_id,
    ]);
    if (target.length === 0) {
      await drop();
      seen++;
      continue;
    }
    const take = Math.min(limit - seen, run.rows_left - written);
    // Folders first, as a listing shows them, so the copy's folders appear before their files.
    const type = folder.after_type === "file" ? "file" : "folder";
    const children = await q.query<{ id: string; type: string; name: string; name_key: string; user_id: number }>(
      `SELECT id, type, name, name_key, user_id FROM files
       WHERE parent_id = $1 AND status = 'active' AND type = $2 AND (name_key, id) > ($3::text, $4::uuid)
       ORDER BY name_key, id LIMIT $5`,
      [folder.source_id, type, folder.after_key, folder.after_id, take],
    );
    const wishes = children.map((c) => ({ folder: folder.target_id, name: c.name }));
    const taken = await takenNames(q, run.user_id, wishes);
    const clashing = wishes.filter((w) => taken.has(nameKey(w.folder, w.name)));
    const claimed = new Set(
      wishes.filter((w) => !taken.has(nameKey(w.folder, w.name))).map((w) => nameKey(w.folder, w.name)),
    );
    const renamed = await freeNames(q, run.user_id, clashing, claimed);
    const newNames = new Map(clashing.map((w, i) => [w.name, renamed[i] as string]));
    const rows = children.map((c) => ({
      oldId: c.id,
      newId: uuidv7(),
      parent: folder.target_id,
      name: newNames.get(c.name) ?? c.name,
    }));
    if (rows.length > 0)
      await refuseLocked(
        q,
        run.user_id,
        async () => {
          const into = await drivePath(q, folder.target_id);
          return [{ path: into }, ...rows.map((r) => ({ path: childPath(into, r.name) }))];
        },
        passes,
      );
    // The rows below a folder are its owner's: the user's, or a saved share's owner's.
    const inserted =
      children.length === 0
        ? []
        : await insertCopies(
            q,
            { source: children[0]?.user_id ?? run.user_id, target: run.user_id },
            run.updated_at,
            rows,
          );
    const oldOf = new Map(rows.map((r) => [r.newId, r.oldId]));
    const subfolders = inserted.filter((r) => r.type === "folder" && folder.depth < MAX_DEPTH);
    if (subfolders.length > 0)
      await q.query(
        `INSERT INTO copy_folders (copy_id, source_id, target_id, depth)
         SELECT $1, v.source, v.target, $4 FROM unnest($2::uuid[], $3::uuid[]) AS v(source, target)`,
        [copy, subfolders.map((r) => oldOf.get(r.id)), subfolders.map((r) => r.id), folder.depth + 1],
      );
    const last = children.at(-1);
    if (last && children.length === take)
      await q.query(
        `UPDATE copy_folders SET after_type = $3, after_key = $4, after_id = $5
         WHERE copy_id = $1 AND target_id = $2`,
        [copy, folder.target_id, type, last.name_key, last.id],
      );
    else if (type === "folder")
      await q.query(
        `UPDATE copy_folders SET after_type = 'file', after_key = '', after_id = '00000000-0000-0000-0000-000000000000'
         WHERE copy_id = $1 AND target_id = $2`,
        [copy, folder.target_id],
      );
    else await drop();
    seen += Math.max(children.length, 1);
    written += inserted.length;
  }
  await q.query("UPDATE copy_runs SET rows_left = rows_left - $2 WHERE id = $1", [copy, written]);
  return { rows: seen, done: false };
}

export const copyWrite: BatchedWrite<CopyPayload> = { job: COPY_TREE_JOB, step: copyStep };
