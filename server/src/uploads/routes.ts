import type { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Queryable } from "../db/index.js";
import type { Deps } from "../deps.js";
import { badRequest, notFound } from "../http/errors.js";
import { type PartRef, recordPart, releaseParts } from "../parts/parts.js";
import { BlockHasher } from "./block-hasher.js";

/** Telegram's document limit; the stored (encrypted) size may exceed it by the per-block overhead. */
export const MAX_PART_SIZE = 2 * 1024 * 1024 * 1024;

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true" || v === "1"));

const uploadQuery = z.object({
  // Teldrive main (API-B) names parts itself; so do we when the client sends no name.
  partName: z.string().min(1).max(1024).optional(),
  fileName: z.string().min(1).max(1024),
  partNo: z.coerce.number().int().min(1).max(100_000),
  channelId: z.coerce.number().int().min(0).optional(),
  encrypted: bool(false),
  hashing: bool(true),
});

/** A part's name when the client gives none: the file's name, then `.part.002` onwards (Teldrive main's scheme). */
export const partNameOf = (fileName: string, partNo: number) =>
  partNo <= 1 ? fileName : `${fileName}.part.${String(partNo).padStart(3, "0")}`;

const uploadIdParams = z.object({ id: z.string().min(1).max(512) });
const statsQuery = z.object({ days: z.coerce.number().int().min(1).max(366) });

interface UploadRow {
  name: string;
  part_id: number;
  part_no: number;
  channel_id: number;
  size: number;
  encrypted: boolean;
  salt: string;
}

const toUploadPart = (r: UploadRow) => ({
  name: r.name,
  partId: r.part_id,
  partNo: r.part_no,
  channelId: r.channel_id,
  size: r.size,
  encrypted: r.encrypted,
  salt: r.salt,
});

async function uploadChannel(db: Queryable, userId: number, requested: number | undefined): Promise<number> {
  if (requested) {
    const rows = await db.query<{ channel_id: number }>(
      "SELECT channel_id FROM channels WHERE channel_id = $1 AND user_id = $2",
      [requested, userId],
    );
    if (!rows[0]) throw notFound("channel not found");
    return rows[0].channel_id;
  }
  const rows = await db.query<{ channel_id: number }>(
    "SELECT channel_id FROM channels WHERE user_id = $1 ORDER BY selected DESC, created_at LIMIT 1",
    [userId],
  );
  if (!rows[0]) throw badRequest("no channel to upload to: create one first");
  return rows[0].channel_id;
}

function contentLength(req: FastifyRequest): number {
  const header = req.headers["content-length"];
  if (header === undefined) throw badRequest("Content-Length is required");
  if (!/^\d+$/.test(header)) throw badRequest("invalid Content-Length");
  const length = Number(header);
  if (length > MAX_PART_SIZE) throw badRequest(`part too large: at most ${MAX_PART_SIZE} bytes`);
  return length;
}

/** A client that stops sending without closing would pin an open temp file forever: drop it after a silence. */
function dropWhenIdle(req: FastifyRequest): () => void {
  const socket = req.raw.socket as Partial<Socket> | undefined;
  // In-process requests (app.inject) have no real socket to time out.
  if (typeof socket?.setTimeout !== "function") return () => {};
  const onIdle = () => socket.destroy?.();
  socket.setTimeout(UPLOAD_IDLE_MS, onIdle);
  // Keep-alive connections carry many parts: leave no listener behind for the next request.
  return () => {
    socket.setTimeout?.(0);
    socket.off?.("timeout", onIdle);
  };
}

const dayMs = 24 * 60 * 60 * 1000;
const UPLOAD_IDLE_MS = 2 * 60 * 1000;

export async function uploadRoutes(app: FastifyInstance, { db, blobs, config, jobs }: Deps) {
  /**
   * A part whose channel was deleted while it was written answers 404, not the store's error. The store's place for
   * the channel goes again: writing the part may have made it anew after the delete removed it.
   */
  async function refuseGoneChannel(channelId: number): Promise<void> {
    const [row] = await db.query("SELECT 1 FROM channels WHERE channel_id = $1", [channelId]);
    if (row) return;
    await blobs.deleteChannel(channelId);
    throw notFound("channel not found");
  }

  // Part bodies are streamed to disk as they arrive, whatever their Content-Type (this scope only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, payload, done) => done(null, payload));
  // Abandoned uploads expire through the job queue ("expire-uploads", uploads/jobs.ts).

  app.get("/uploads/stats", async (req) => {
    const { user } = req;
    const { days } = statsQuery.parse(req.query);
    const today = Math.floor(Date.now() / dayMs) * dayMs;
    const from = new Date(today - (days - 1) * dayMs);
    const rows = await db.query<{ day: string; total: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, coalesce(sum(size), 0)::bigint AS total
       FROM files WHERE user_id = $1 AND type = 'file' AND status = 'active' AND created_at >= $2
       GROUP BY 1`,
      [user.userId, from],
    );
    const totals = new Map(rows.map((r) => [r.day, r.total]));
    return Array.from({ length: days }, (_, i) => {
      const day = new Date(from.getTime() + i * dayMs).toISOString().slice(0, 10);
      return { uploadDate: `${day}T00:00:00Z`, totalUploaded: totals.get(day) ?? 0 };
    });
  });

  app.get("/uploads/:id", async (req) => {
    const { user } = req;
    const { id } = uploadIdParams.parse(req.params);
    const rows = await db.query<UploadRow>(
      "SELECT name, part_id, part_no, channel_id, size, encrypted, salt FROM uploads WHERE user_id = $1 AND upload_id = $2 ORDER BY part_no",
      [user.userId, id],
    );
    return rows.map(toUploadPart);
  });

  app.post("/uploads/:id", async (req) => {
    const { user } = req;
    const { id } = uploadIdParams.parse(req.params);
    const query = uploadQuery.parse(req.query);
    const length = contentLength(req);
    if (query.encrypted && !config.encryptionKey) throw badRequest("encryption is not enabled");
    const channelId = await uploadChannel(db, user.userId, query.channelId);
    const [seq] = await db.query<{ id: number }>("SELECT nextval('part_ids') AS id");
    if (!seq) throw new Error("part id sequence returned nothing");
    const partId = seq.id;

    const clearIdleTimeout = dropWhenIdle(req);
    const hasher = query.hashing ? await BlockHasher.create() : undefined;
    const body = hasher ? req.raw.pipe(hasher) : req.raw;
    if (hasher) req.raw.on("error", (err) => hasher.destroy(err));
    const { size, salt } = await blobs
      .writePart({ channelId, partId, body, length, encrypted: query.encrypted, requester: `user ${user.userId}` })
      .catch(async (err: unknown) => {
        // Deleting the channel meanwhile may have removed the half-written part with it (its folder on disk).
        await refuseGoneChannel(channelId);
        throw err;
      })
      .finally(clearIdleTimeout);

    let row: UploadRow | undefined;
    try {
      row = await db.tx(async (q) => {
        // Held until the part is recorded: deleting the channel waits for this and then sees the upload row, or went
        // first, and the part is refused. So no part is ever recorded in a channel that is gone.
        const [live] = await q.query("SELECT 1 FROM channels WHERE channel_id = $1 AND user_id = $2 FOR SHARE", [
          channelId,
          user.userId,
        ]);
        if (!live) throw notFound("channel not found");
        await recordPart(q, { id: partId, channelId, userId: user.userId, size, encrypted: query.encrypted, salt });
        // Racing sends of one part take turns, so each sees the part it replaces (and releases it).
        await q.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7002))", [
          `${user.userId}/${id}/${query.partNo}`,
        ]);
        const [old] = await q.query<{ part_id: number; channel_id: number }>(
          "SELECT part_id, channel_id FROM uploads WHERE user_id = $1 AND upload_id = $2 AND part_no = $3 FOR UPDATE",
          [user.userId, id, query.partNo],
        );
        const [saved] = await q.query<UploadRow>(
          `INSERT INTO uploads (upload_id, user_id, name, part_no, part_id, channel_id, size, encrypted, salt, block_hashes)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (user_id, upload_id, part_no) DO UPDATE SET
             name = EXCLUDED.name, part_id = EXCLUDED.part_id, channel_id = EXCLUDED.channel_id, size = EXCLUDED.size,
             encrypted = EXCLUDED.encrypted, salt = EXCLUDED.salt, block_hashes = EXCLUDED.block_hashes, created_at = now()
           RETURNING name, part_id, part_no, channel_id, size, encrypted, salt`,
          [
            id,
            user.userId,
            query.partName ?? partNameOf(query.fileName, query.partNo),
            query.partNo,
            partId,
            channelId,
            size,
            query.encrypted,
            salt,
            hasher?.blockHashes() ?? null,
          ],
        );
        // A part sent again replaces the earlier one, which goes unless a file already uses it.
        if (old) await releaseParts(q, [[old.part_id, old.channel_id]]);
        return saved;
      });
    } catch (err) {
      await blobs.deleteParts(channelId, [{ id: partId }]);
      await refuseGoneChannel(channelId);
      throw err;
    }
    jobs.kick();
    if (!row) throw new Error("upload row was not saved");
    return toUploadPart(row);
  });

  // The client calls this after every file: it must cost the same in any drive. The parts go to the reclaim job,
  // which keeps those the new file uses.
  app.delete("/uploads/:id", async (req, reply) => {
    const { user } = req;
    const { id } = uploadIdParams.parse(req.params);
    await db.tx(async (q) => {
      const rows = await q.query<{ part_id: number; channel_id: number }>(
        "DELETE FROM uploads WHERE user_id = $1 AND upload_id = $2 RETURNING part_id, channel_id",
        [user.userId, id],
      );
      await releaseParts(
        q,
        rows.map((r): PartRef => [r.part_id, r.channel_id]),
      );
    });
    jobs.kick();
    return reply.status(204).send();
  });
}
