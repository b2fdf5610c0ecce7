import type { Readable } from "node:stream";
import type { Db, Queryable } from "../db/index.js";
import { contentFromParts, contentFromUpload, putFileContent, selectedChannel } from "../files/content.js";
import type { FileRow } from "../files/file-row.js";
import { makeDirs } from "../files/folders.js";
import { checkName } from "../files/lib/names.js";
import { pathsOf, trashTrees } from "../files/trash.js";
import { childPath, drivePath, MAX_DEPTH, parentPath } from "../files/tree.js";
import { notFound } from "../http/errors.js";
import { recordPart, releaseParts } from "../parts/parts.js";
import type { Blobs } from "../storage/blobs.js";
import { partNameOf } from "../uploads/routes.js";
import { lockTableFor, refuseLocked } from "../webdav/locks.js";

/**
 * An import writes into the drive the way a client does through the API: parts through Blobs (so encryption and
 * the store's rules match) recorded as `uploads` rows of one upload per file, then the file made from that upload
 * (files/content.ts), names checked by the same rule. A run killed mid-file finds its stored parts again under the
 * same upload id and goes on after the last whole one.
 */

export interface StoredUploadPart {
  part_no: number;
  size: number;
  encrypted: boolean;
}

export async function storedParts(db: Queryable, userId: number, uploadId: string): Promise<StoredUploadPart[]> {
  return db.query<StoredUploadPart>(
    "SELECT part_no, size, encrypted FROM uploads WHERE user_id = $1 AND upload_id = $2 ORDER BY part_no",
    [userId, uploadId],
  );
}

export async function channelFor(db: Queryable, userId: number): Promise<number> {
  return selectedChannel(db, userId);
}

/** Writes one part and records it as part `partNo` of `uploadId` (replacing an earlier one of that number). */
export async function storePart(
  db: Db,
  blobs: Blobs,
  p: {
    userId: number;
    uploadId: string;
    fileName: string;
    partNo: number;
    channelId: number;
    body: Readable;
    length: number;
    encrypted: boolean;
  },
): Promise<void> {
  const [seq] = await db.background.query<{ id: number }>("SELECT nextval('part_ids') AS id");
  if (!seq) throw new Error("part id sequence returned nothing");
  const partId = seq.id;
  const { size, salt } = await blobs.writePart({
    channelId: p.channelId,
    partId,
    body: p.body,
    length: p.length,
    encrypted: p.encrypted,
    requester: `user ${p.userId}`,
  });
  try {
    await db.background.tx(async (q) => {
      const [live] = await q.query("SELECT 1 FROM channels WHERE channel_id = $1 AND user_id = $2 FOR SHARE", [
        p.channelId,
        p.userId,
      ]);
      if (!live) throw notFound("channel not found");
      await recordPart(q, { id: partId, channelId: p.channelId, userId: p.userId, size, encrypted: p.encrypted, salt });
      await q.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7002))", [
        `${p.userId}/${p.uploadId}/${p.partNo}`,
      ]);
      const [old] = await q.query<{ part_id: number; channel_id: number }>(
        "SELECT part_id, channel_id FROM uploads WHERE user_id = $1 AND upload_id = $2 AND part_no = $3 FOR UPDATE",
        [p.userId, p.uploadId, p.partNo],
      );
      await q.query(
        `INSERT INTO uploads (upload_id, user_id, name, part_no, part_id, channel_id, size, encrypted, salt)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_id, upload_id, part_no) DO UPDATE SET
           name = EXCLUDED.name, part_id = EXCLUDED.part_id, channel_id = EXCLUDED.channel_id, size = EXCLUDED.size,
           encrypted = EXCLUDED.encrypted, salt = EXCLUDED.salt, block_hashes = NULL, created_at = now()`,
        [
          p.uploadId,
          p.userId,
          partNameOf(p.fileName, p.partNo),
          p.partNo,
          partId,
          p.channelId,
          size,
          p.encrypted,
          salt,
        ],
      );
      if (old) await releaseParts(q, [[old.part_id, old.channel_id]]);
    });
  } catch (err) {
    await blobs.deleteParts(p.channelId, [{ id: partId }]);
    throw err;
  }
}

/** Drops an upload's stored parts from part `fromPartNo` on (a source that cannot resume starts the file again). */
export async function dropUpload(db: Db, userId: number, uploadId: string, fromPartNo = 1): Promise<void> {
  await db.background.tx(async (q) => {
    const rows = await q.query<{ part_id: number; channel_id: number }>(
      "DELETE FROM uploads WHERE user_id = $1 AND upload_id = $2 AND part_no >= $3 RETURNING part_id, channel_id",
      [userId, uploadId, fromPartNo],
    );
    await releaseParts(
      q,
      rows.map((r): [number, number] => [r.part_id, r.channel_id]),
    );
  });
}

/** The folder at `path` below the root, made when missing (mkdir -p). */
export async function ensureFolder(db: Db, userId: number, path: string): Promise<FileRow> {
  return db.background.tx(async (q) => {
    await lockTableFor(q, userId, "write");
    return makeDirs(q, userId, path);
  });
}

/** The active file `name` in `folderId`, if any. */
export async function existingFile(db: Queryable, userId: number, folderId: string, name: string) {
  const [row] = await db.query<{ id: string; type: string; size: number }>(
    "SELECT id, type, size FROM files WHERE user_id = $1 AND parent_id = $2 AND name = $3 AND status = 'active'",
    [userId, folderId, name],
  );
  return row;
}

/**
 * Makes the file `name` in the folder at `folderPath` from the upload's parts (or empty), replacing a file of that
 * name; returns its id. The upload's rows go in the same transaction, so a crash leaves either the upload or the file.
 */
export async function finishFile(
  db: Db,
  blobs: Blobs,
  f: { userId: number; folderPath: string; name: string; uploadId: string | null; size: number; modified?: Date },
): Promise<string> {
  const name = checkName(f.name);
  return db.background.tx(async (q) => {
    await lockTableFor(q, f.userId, "write");
    const parent = await makeDirs(q, f.userId, f.folderPath);
    const content = f.uploadId
      ? await contentFromUpload(q, blobs, f.userId, f.uploadId, f.size)
      : await contentFromParts(q, blobs, f.userId, { parts: [], size: 0 });
    const [existing] = await q.query<FileRow>(
      "SELECT * FROM files WHERE user_id = $1 AND parent_id = $2 AND name = $3 AND status = 'active' FOR UPDATE",
      [f.userId, parent.id, name],
    );
    const updatedAt = (f.modified && !Number.isNaN(f.modified.getTime()) ? f.modified : new Date()).toISOString();
    if (existing?.type === "folder")
      throw new Error(`"${name}" is a folder in the destination; the file was not imported`);
    // A WebDAV lock there fails the run (retried later) with the lock's sentence, as the API answers 423.
    await refuseLocked(q, f.userId, async () => {
      const folder = await drivePath(q, parent.id);
      return [{ path: childPath(folder, name) }, { path: folder }];
    });
    const row = await putFileContent(q, { userId: f.userId, parentId: parent.id, name, content, existing, updatedAt });
    if (!row) throw new Error(`"${name}" was created in the destination meanwhile; the import tries again`);
    return row.id;
  });
}

/** Every active file below `folderId` with its path relative to it ("a/b.txt"), read a page at a time. */
export async function* destinationFiles(
  db: Db,
  folderId: string,
  pageRows: number,
): AsyncGenerator<{ id: string; path: string }[]> {
  let after = "";
  for (;;) {
    const rows = await db.background.query<{ id: string; path: string }>(
      `WITH RECURSIVE tree(id, type, path, depth) AS (
         SELECT id, type, name, 0 FROM files WHERE parent_id = $1 AND status = 'active'
         UNION ALL
         SELECT f.id, f.type, tree.path || '/' || f.name, tree.depth + 1 FROM files f JOIN tree ON f.parent_id = tree.id
         WHERE tree.type = 'folder' AND f.status = 'active' AND tree.depth < ${MAX_DEPTH}
       )
       SELECT id, path FROM tree WHERE type = 'file' AND path COLLATE "C" > $2 ORDER BY path COLLATE "C" LIMIT $3`,
      [folderId, after, pageRows],
    );
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.path ?? after;
    if (rows.length < pageRows) return;
  }
}

/** Moves the given files of the user to the trash, one batch per transaction. */
export async function trashFiles(db: Db, userId: number, ids: string[], batchRows: number): Promise<void> {
  for (let i = 0; i < ids.length; i += batchRows) {
    const batch = ids.slice(i, i + batchRows);
    await db.background.tx(async (q) => {
      await lockTableFor(q, userId, "write");
      const rows = await q.query<FileRow>(
        "SELECT * FROM files WHERE id = ANY($1::uuid[]) AND user_id = $2 AND status = 'active' ORDER BY id FOR UPDATE",
        [batch, userId],
      );
      await refuseLocked(q, userId, async () => {
        const paths = await pathsOf(
          q,
          rows.map((r) => r.id),
        );
        return [...paths.values()].flatMap((path) => [{ path }, { path: parentPath(path) }]);
      });
      if (rows.length > 0) await trashTrees(q, rows, batchRows);
    });
  }
}
