import crypto from "node:crypto";
import { create as contentDisposition } from "content-disposition";
import type { FastifyReply, FastifyRequest } from "fastify";
import rangeParser from "range-parser";
import type { Queryable } from "../db/index.js";
import { requesterOf } from "../http/budget.js";
import { badRequest, HttpError, notFound } from "../http/errors.js";
import type { Blobs, StoredPart } from "../storage/blobs.js";

/** The columns of a `files` row that streaming needs. */
export interface ContentFile {
  id: string;
  name: string;
  type: string;
  mime_type: string;
  size: number | null;
  encrypted: boolean;
  parts: StoredPart[] | null;
  channel_id: number | null;
  updated_at: Date;
}

export const CONTENT_COLUMNS = "id, name, type, mime_type, size, encrypted, parts, channel_id, updated_at";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An active file of `userId` by id, or 404 (also for ids that are not UUIDs). */
export async function ownedContentFile(db: Queryable, userId: number, id: string): Promise<ContentFile> {
  if (!UUID.test(id)) throw notFound("file not found");
  const [file] = await db.query<ContentFile>(
    `SELECT ${CONTENT_COLUMNS} FROM files WHERE id = $1 AND user_id = $2 AND status = 'active'`,
    [id, userId],
  );
  if (!file) throw notFound("file not found");
  return file;
}

// Types a browser would run as a document in our origin: always downloaded, and sandboxed if opened anyway.
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[^;]*\+xml|[^;]*javascript|text\/xsl)/i;

const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;[\x20-\x7e]*)?$/i;

// Control characters and bidirectional overrides would let a name spoof its extension or break the header.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is removed
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The stored type when it is a well-formed media type, else application/octet-stream (never trust it raw). */
export function contentType(stored: string | null): string {
  const type = stored?.trim() ?? "";
  return MEDIA_TYPE.test(type) && type !== "drive/folder" ? type : "application/octet-stream";
}

export function dispositionFor(name: string, attachment: boolean): string {
  return contentDisposition(name.replace(UNSAFE_NAME_CHARS, "_") || "file", {
    type: attachment ? "attachment" : "inline",
  });
}

/**
 * Streams a file's plaintext with Range, ETag/If-None-Match, Last-Modified and a safe Content-Disposition.
 * Teldrive's ETag is md5(id + size); a replaced file of the same size keeps it, but Last-Modified moves.
 */
/** Who a request is for turn-taking: the signed-in user, else (share links) the client's address or /64. */
export function requesterOfRequest(req: FastifyRequest): string {
  const user = (req as { user?: { userId: number } }).user;
  return user ? `user ${user.userId}` : `address ${requesterOf(req.ip)}`;
}

export function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  blobs: Blobs,
  file: ContentFile,
  opts: { download: boolean },
) {
  if (file.type !== "file") throw badRequest("a folder has no content");
  const size = file.size ?? 0;
  const mime = contentType(file.mime_type);
  const active = ACTIVE_TYPES.test(mime);
  const etag = `"${crypto.createHash("md5").update(`${file.id}${size}`).digest("hex")}"`;
  reply
    .header("Accept-Ranges", "bytes")
    .header("ETag", etag)
    .header("Last-Modified", file.updated_at.toUTCString())
    .header("Cache-Control", "private, no-cache");

  const noneMatch = req.headers["if-none-match"];
  if (noneMatch?.split(",").some((t) => t.trim() === etag || t.trim() === "*")) return reply.status(304).send();

  let range: { start: number; end: number } | undefined;
  const rangeHeader = req.headers.range;
  const ifRange = req.headers["if-range"];
  const rangeApplies = rangeHeader && (!ifRange || ifRange === etag);
  if (rangeApplies && size > 0) {
    const parsed = rangeParser(size, rangeHeader, { combine: true });
    if (parsed === -2) throw badRequest("invalid range");
    if (parsed === -1) {
      reply.header("Content-Range", `bytes */${size}`);
      throw new HttpError(416, "invalid range: failed to overlap");
    }
    if (parsed.type !== "bytes") throw badRequest("invalid range");
    if (parsed.length > 1) {
      reply.header("Content-Range", `bytes */${size}`);
      throw new HttpError(416, "multiple ranges are not supported");
    }
    const [only] = parsed;
    if (only) range = only;
  } else if (rangeApplies && size === 0) {
    reply.header("Content-Range", "bytes */0");
    throw new HttpError(416, "invalid range: failed to overlap");
  }

  // Set only now: error answers above are JSON.
  reply
    .header("Content-Type", mime)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Disposition", dispositionFor(file.name, opts.download || active));
  if (active) reply.header("Content-Security-Policy", "sandbox");
  const length = range ? range.end - range.start + 1 : size;
  reply.header("Content-Length", length);
  if (range) reply.status(206).header("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  if (req.method === "HEAD" || length === 0) return reply.send();
  if (!file.parts?.length || file.channel_id === null) throw new Error(`file ${file.id} has a size but no parts`);
  return reply.send(
    blobs.createReadStream(
      { channelId: file.channel_id, parts: file.parts, size, encrypted: file.encrypted },
      range ?? { start: 0, end: size - 1 },
      requesterOfRequest(req),
    ),
  );
}
