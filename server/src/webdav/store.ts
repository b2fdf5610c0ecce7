import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { Queryable } from "../db/index.js";
import { nameSortKey } from "../db/name-key.js";
import type { Deps } from "../deps.js";
import {
  type Content,
  contentFromParts,
  contentFromUpload,
  putFileContent,
  selectedChannel,
} from "../files/content.js";
import type { FileRow } from "../files/file-row.js";
import { FOLDER_MIME } from "../files/lib/mime.js";
import { getRootFolder, resolvePath } from "../files/tree.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { type PartRef, recordPart, releaseParts } from "../parts/parts.js";
import { BlockHasher } from "../uploads/block-hasher.js";
import { MAX_PART_SIZE, partNameOf } from "../uploads/routes.js";
import { encryptsByDefault } from "../users/settings.js";

/**
 * The drive as WebDAV sees it: items by path, and writes that take the same steps as the API's (files/, uploads/):
 * parts are written and recorded like `POST /api/uploads/{id}` parts and become a file through the same
 * `contentFromUpload`, so hashes, encryption, part bookkeeping and the database's change capture are the API's own.
 */

/** A body sent without Content-Length is cut into parts of this size (each held in memory while it is written). */
export const CHUNKED_PART_BYTES = 16 * 1024 * 1024;

/** The item at `segments` (the drive's top folder for none), or null. */
export async function lookup(q: Queryable, userId: number, segments: string[]): Promise<FileRow | null> {
  if (segments.length === 0) return getRootFolder(q, userId);
  const parent = await resolvePath(q, userId, `/${segments.slice(0, -1).join("/")}`);
  if (!parent) return null;
  return child(q, userId, parent.id, segments[segments.length - 1] ?? "");
}

export async function child(
  q: Queryable,
  userId: number,
  parentId: string,
  name: string,
  lock = "",
): Promise<FileRow | null> {
  const [row] = await q.query<FileRow>(
    `SELECT * FROM files WHERE user_id = $1 AND parent_id = $2 AND name = $3 AND status = 'active'${lock}`,
    [userId, parentId, name],
  );
  return row ?? null;
}

/** The folder that holds (or would hold) `segments`, locked shared; 409 when it is missing (RFC 4918 §9.7.1). */
export async function parentFolder(q: Queryable, userId: number, segments: string[]): Promise<FileRow> {
  const parent = await resolvePath(q, userId, `/${segments.slice(0, -1).join("/")}`, "share");
  if (!parent) throw conflict("the parent folder does not exist");
  return parent;
}

/** A strong entity tag that changes with every content change (a replace keeps the id but moves updated_at). */
export function etagOf(row: Pick<FileRow, "id" | "type" | "size" | "updated_at">): string {
  return `"${crypto.createHash("md5").update(etagSeed(row)).digest("hex")}"`;
}
/** What send-file.ts hashes as `id + size`; so its ETag header is etagOf's. */
export const etagId = (row: Pick<FileRow, "id" | "updated_at">) => `${row.id}${row.updated_at.getTime()}`;
const etagSeed = (row: Pick<FileRow, "id" | "type" | "size" | "updated_at">) =>
  `${etagId(row)}${row.type === "file" ? (row.size ?? 0) : ""}`;

export async function makeFolder(q: Queryable, userId: number, parentId: string, name: string): Promise<FileRow> {
  const [row] = await q.query<FileRow>(
    `INSERT INTO files (id, name, name_key, type, mime_type, user_id, parent_id)
     VALUES ($1, $2, $3, 'folder', $4, $5, $6) ON CONFLICT DO NOTHING RETURNING *`,
    [uuidv7(), name, nameSortKey(name), FOLDER_MIME, userId, parentId],
  );
  if (!row) throw conflict(`"${name}" already exists`);
  return row;
}

/** Creates the file `name` in `parentId` from `content`, or replaces the content of `existing` (its id stays). */
export async function writeFile(
  q: Queryable,
  userId: number,
  parentId: string,
  name: string,
  content: Content,
  existing: FileRow | null,
): Promise<FileRow> {
  const updatedAt = new Date().toISOString();
  const row = await putFileContent(q, { userId, parentId, name, content, existing, updatedAt });
  if (!row) throw conflict(`"${name}" was created meanwhile`);
  return row;
}

/** Reads a stream in pieces of exact lengths, one piece after another, without holding more than one chunk. */
class Pieces {
  private pending: Buffer | null = null;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  async *take(length: number): AsyncGenerator<Buffer> {
    let left = length;
    while (left > 0) {
      let chunk = this.pending;
      this.pending = null;
      if (!chunk) {
        const next = await this.source.next();
        if (next.done) return;
        chunk = next.value;
      }
      if (chunk.length > left) {
        this.pending = chunk.subarray(left);
        chunk = chunk.subarray(0, left);
      }
      left -= chunk.length;
      yield chunk;
    }
  }

  /** Up to `length` bytes gathered in memory (bodies of unknown length). */
  async gather(length: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.take(length)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
}

/**
 * Streams a PUT body into parts of `splitBytes` (the last shorter), each written, hashed and recorded as an upload
 * part of a fresh upload id, as `POST /api/uploads/{id}` does. Returns the content for the file, read inside the
 * caller's transaction (`finish`). Nothing of the body is kept beyond the chunk in flight, except for bodies without
 * Content-Length, which go in CHUNKED_PART_BYTES pieces.
 */
export async function receiveBody(
  { db, blobs, config, jobs }: Deps,
  req: FastifyRequest,
  userId: number,
  // File requests (file-requests/) store their uploads the same way, under the file's name, with their own fallback
  // for an account that never chose "Encrypt files".
  options: { name?: string; encryptFallback?: boolean } = {},
): Promise<{ finish(q: Queryable): Promise<Content>; abandon(): Promise<void> }> {
  const header = req.headers["content-length"];
  if (header !== undefined && !/^\d+$/.test(header)) throw badRequest("invalid Content-Length");
  // No Content-Length: a chunked body (or none), read to its end.
  const length = header === undefined ? null : Number(header);
  const encrypted = await encryptsByDefault(db, config, userId, options.encryptFallback ?? config.webdav.encrypt);
  const empty = {
    finish: (q: Queryable) => contentFromParts(q, blobs, userId, { parts: [], size: 0 }),
    abandon: async () => {},
  };
  if (length === 0) return empty;
  const channelId = await selectedChannel(db, userId);
  const uploadId = `webdav-${crypto.randomUUID()}`;
  const name = options.name ?? uploadId;
  const split = Math.min(config.webdav.splitBytes, MAX_PART_SIZE);
  const pieces = new Pieces((req.raw as AsyncIterable<Buffer>)[Symbol.asyncIterator]());
  const abandon = async () => {
    await db.tx(async (q) => {
      const rows = await q.query<{ part_id: number; channel_id: number }>(
        "DELETE FROM uploads WHERE user_id = $1 AND upload_id = $2 RETURNING part_id, channel_id",
        [userId, uploadId],
      );
      await releaseParts(
        q,
        rows.map((r): PartRef => [r.part_id, r.channel_id]),
      );
    });
    jobs.kick();
  };
  let partNo = 0;
  let received = 0;
  try {
    for (;;) {
      let body: Readable;
      let partLength: number;
      if (length !== null) {
        if (received >= length) break;
        partLength = Math.min(split, length - received);
        body = Readable.from(pieces.take(partLength), { objectMode: false });
      } else {
        const piece = await pieces.gather(Math.min(split, CHUNKED_PART_BYTES));
        if (piece.length === 0) break;
        partLength = piece.length;
        body = Readable.from([piece], { objectMode: false });
      }
      partNo++;
      await storePart({ db, blobs }, { userId, channelId, uploadId, partNo, body, partLength, encrypted, name });
      received += partLength;
      if (length === null && partLength < Math.min(split, CHUNKED_PART_BYTES)) break;
    }
  } catch (err) {
    await abandon();
    throw err;
  }
  if (partNo === 0) return empty;
  return { finish: (q) => contentFromUpload(q, blobs, userId, uploadId, undefined), abandon };
}

async function storePart(
  { db, blobs }: Pick<Deps, "db" | "blobs">,
  p: {
    userId: number;
    channelId: number;
    uploadId: string;
    partNo: number;
    body: Readable;
    partLength: number;
    encrypted: boolean;
    name: string;
  },
): Promise<void> {
  const [seq] = await db.query<{ id: number }>("SELECT nextval('part_ids') AS id");
  if (!seq) throw new Error("part id sequence returned nothing");
  const partId = seq.id;
  const hasher = await BlockHasher.create();
  p.body.on("error", (err) => hasher.destroy(err));
  const { size, salt } = await blobs.writePart({
    channelId: p.channelId,
    partId,
    body: p.body.pipe(hasher),
    length: p.partLength,
    encrypted: p.encrypted,
    requester: `user ${p.userId}`,
  });
  try {
    await db.tx(async (q) => {
      const [live] = await q.query("SELECT 1 FROM channels WHERE channel_id = $1 AND user_id = $2 FOR SHARE", [
        p.channelId,
        p.userId,
      ]);
      if (!live) throw notFound("channel not found");
      await recordPart(q, { id: partId, channelId: p.channelId, userId: p.userId, size, encrypted: p.encrypted, salt });
      await q.query(
        `INSERT INTO uploads (upload_id, user_id, name, part_no, part_id, channel_id, size, encrypted, salt, block_hashes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          p.uploadId,
          p.userId,
          partNameOf(p.name, p.partNo),
          p.partNo,
          partId,
          p.channelId,
          size,
          p.encrypted,
          salt,
          hasher.blockHashes(),
        ],
      );
    });
  } catch (err) {
    await blobs.deleteParts(p.channelId, [{ id: partId }]);
    throw err;
  }
}
