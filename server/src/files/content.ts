import { blake3 } from "@noble/hashes/blake3.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { v7 as uuidv7 } from "uuid";
import type { Queryable } from "../db/index.js";
import { nameSortKey } from "../db/name-key.js";
import { badRequest } from "../http/errors.js";
import { checkPartSizes, lockFileParts, type PartRef, releaseParts } from "../parts/parts.js";
import type { Blobs, StoredPart } from "../storage/blobs.js";
import type { FileRow } from "./file-row.js";
import { categoryOf } from "./lib/category.js";
import { mimeTypeFor } from "./lib/mime.js";

/** The stored bytes of a file: where its parts are and how to read them. */
export interface Content {
  parts: StoredPart[];
  channelId: number;
  size: number;
  encrypted: boolean;
  hash: string | null;
}

const EMPTY_HASH = bytesToHex(blake3(new Uint8Array(0)));

/** The user's upload target: the channel marked selected (or any, when none is). */
export async function selectedChannel(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ channel_id: number }>(
    "SELECT channel_id FROM channels WHERE user_id = $1 ORDER BY selected DESC, created_at LIMIT 1",
    [userId],
  );
  const channel = rows[0];
  if (!channel) throw badRequest("no channel to store files in; create one first");
  return channel.channel_id;
}

/** `channelId` when it is one of the user's channels, the selected one when 0 or absent. */
async function userChannel(q: Queryable, userId: number, channelId: number | undefined): Promise<number> {
  if (!channelId) return selectedChannel(q, userId);
  const rows = await q.query("SELECT 1 FROM channels WHERE channel_id = $1 AND user_id = $2", [channelId, userId]);
  if (rows.length === 0) throw badRequest("unknown channel");
  return channelId;
}

/**
 * Content from explicit parts (Teldrive's UI way); these get no hash unless empty. The parts must be the user's,
 * in the file's channel, and hold exactly `size` bytes; they stay locked until the transaction ends.
 */
export async function contentFromParts(
  q: Queryable,
  blobs: Blobs,
  userId: number,
  body: { parts?: { id: number; salt?: string }[]; size?: number; channelId?: number; encrypted?: boolean },
): Promise<Content> {
  const parts = (body.parts ?? []).map((p) => (p.salt ? { id: p.id, salt: p.salt } : { id: p.id }));
  if (parts.length > 0 && body.size === undefined) throw badRequest("size is required with parts");
  const size = body.size ?? 0;
  if (parts.length === 0 && size > 0) throw badRequest("a file with a size needs parts or an uploadId");
  const channelId = await userChannel(q, userId, body.channelId);
  const encrypted = body.encrypted ?? false;
  const ids = parts.map((p) => p.id);
  const stored = await lockFileParts(q, blobs, { userId, channelId, ids, encrypted, salts: parts.map((p) => p.salt) });
  if (parts.length > 0) checkPartSizes(size, stored);
  return { parts, channelId, size, encrypted, hash: size === 0 ? EMPTY_HASH : null };
}

interface UploadRow {
  part_no: number;
  part_id: number;
  channel_id: number;
  encrypted: boolean;
  salt: string;
  block_hashes: Uint8Array | null;
}

/**
 * Content from this user's `uploads` rows (ordered by part number, which must run 1..n), with the
 * BLAKE3 tree hash over the parts' block digests. The rows are deleted in the caller's transaction; the parts,
 * now the file's, stay. A declared `size` must be what the parts hold.
 */
export async function contentFromUpload(
  q: Queryable,
  blobs: Blobs,
  userId: number,
  uploadId: string,
  size: number | undefined,
): Promise<Content> {
  const rows = await q.query<UploadRow>(
    `SELECT part_no, part_id, channel_id, encrypted, salt, block_hashes FROM uploads
     WHERE user_id = $1 AND upload_id = $2 ORDER BY part_no FOR UPDATE`,
    [userId, uploadId],
  );
  const first = rows[0];
  if (!first) throw badRequest("upload has no parts");
  rows.forEach((r, i) => {
    if (r.part_no !== i + 1)
      throw badRequest(`upload parts must be numbered 1..${rows.length}; part ${i + 1} is missing`);
    if (r.part_id <= 0) throw badRequest(`upload part ${r.part_no} has no stored part`);
    if (r.channel_id !== first.channel_id) throw badRequest("upload parts are in different channels");
    if (r.encrypted !== first.encrypted) throw badRequest("upload parts mix encrypted and plain parts");
  });
  const stored = await lockFileParts(q, blobs, {
    userId,
    channelId: first.channel_id,
    ids: rows.map((r) => r.part_id),
    encrypted: first.encrypted,
  });
  const total = stored.reduce((sum, p) => sum + p.plainSize, 0);
  checkPartSizes(size ?? total, stored);
  let hash: string | null = null;
  if (total === 0) hash = EMPTY_HASH;
  else if (rows.every((r) => r.block_hashes !== null))
    hash = bytesToHex(blake3(Buffer.concat(rows.map((r) => Buffer.from(r.block_hashes ?? [])))));
  await q.query("DELETE FROM uploads WHERE user_id = $1 AND upload_id = $2", [userId, uploadId]);
  return {
    parts: rows.map((r) => (r.salt ? { id: r.part_id, salt: r.salt } : { id: r.part_id })),
    channelId: first.channel_id,
    size: total,
    encrypted: first.encrypted,
    hash,
  };
}

/**
 * Puts `content` into the file `name` of the folder `parentId`: into `existing` (the active file of that name, locked
 * by the caller), which keeps its id and gives its old parts to the reclaim job (unless the new content reuses them),
 * or into a new file. Every writer of uploaded content goes through here: the API's create and replace, WebDAV's PUT
 * and imports. Null when no `existing` was given and a file of that name was created meanwhile.
 */
export async function putFileContent(
  q: Queryable,
  f: {
    userId: number;
    parentId: string;
    name: string;
    content: Content;
    existing: FileRow | null | undefined;
    updatedAt: string;
    /** The client's type for it; else guessed from the name. */
    mimeType?: string;
  },
): Promise<FileRow | null> {
  const { content, name } = f;
  const mimeType = mimeTypeFor(name, f.mimeType);
  if (f.existing) {
    // New content: when it was taken is read again with its next thumbnail (thumbnails/taken-at.ts).
    const [row] = await q.query<FileRow>(
      `UPDATE files SET mime_type = $2, size = $3, category = $4, encrypted = $5, parts = $6, channel_id = $7,
         hash = $8, updated_at = $9, taken_at = NULL WHERE id = $1 RETURNING *`,
      [
        f.existing.id,
        mimeType,
        content.size,
        categoryOf(name),
        content.encrypted,
        JSON.stringify(content.parts),
        content.channelId,
        content.hash,
        f.updatedAt,
      ],
    );
    await releaseParts(q, partRefs(f.existing));
    if (!row) throw new Error("the file to replace is gone although it was locked");
    return row;
  }
  const [row] = await q.query<FileRow>(
    `INSERT INTO files (id, name, name_key, type, mime_type, size, category, encrypted, user_id, parent_id, parts,
       channel_id, hash, updated_at)
     VALUES ($1, $2, $3, 'file', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING RETURNING *`,
    [
      uuidv7(),
      name,
      nameSortKey(name),
      mimeType,
      content.size,
      categoryOf(name),
      content.encrypted,
      f.userId,
      f.parentId,
      JSON.stringify(content.parts),
      content.channelId,
      content.hash,
      f.updatedAt,
    ],
  );
  return row ?? null;
}

/** A file's parts as references for the reclaim job. */
export function partRefs(file: { channel_id: number | null; parts: StoredPart[] | null }): PartRef[] {
  const channelId = file.channel_id;
  if (channelId === null || !file.parts) return [];
  return file.parts.map((p): PartRef => [p.id, channelId]);
}
