import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../deps.js";
import { type FileOutRow, toFileOut } from "../files/file-row.js";
import { notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";

/** Longest media a position is kept for (a week): a bound on what a client may store, not a real limit. */
const MAX_SECONDS = 7 * 24 * 3600;
const seconds = z.number().min(0).max(MAX_SECONDS);
const idParams = z.object({ id: z.uuid("the file id must be a UUID") });
const positionBody = z
  .object({ position: seconds, duration: seconds })
  .refine((b) => b.position <= b.duration, { message: "position must not be past duration" });
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/**
 * Where each user stopped in each video or audio file (our addition, `playback` in /capabilities): kept in the
 * database so it follows the user to another device. Only the owner of a file may read or set its position; a
 * deleted file's position goes with it (foreign key), a trashed one's is not listed.
 */
export async function playbackRoutes(app: FastifyInstance, { db }: Deps) {
  app.get("/playback", async (req) => {
    const { limit } = listQuery.parse(req.query);
    const rows = await db.query<FileOutRow & { position: number; duration: number; played_at: Date }>(
      `SELECT f.id, f.name, f.type, f.mime_type, f.size, f.category, f.encrypted, f.parent_id, f.hash, f.updated_at,
              p.position, p.duration, p.updated_at AS played_at
       FROM playback_positions p JOIN files f ON f.id = p.file_id
       WHERE p.user_id = $1 AND f.user_id = $1 AND f.status = 'active'
       ORDER BY p.updated_at DESC LIMIT $2`,
      [req.user.userId, limit],
    );
    return {
      items: rows.map((r) => ({
        file: toFileOut(r),
        position: r.position,
        duration: r.duration,
        updatedAt: rfc3339(r.played_at),
      })),
    };
  });

  app.get("/playback/:id", async (req) => {
    const { id } = idParams.parse(req.params);
    const [row] = await db.query<{ position: number; duration: number; updated_at: Date }>(
      `SELECT p.position, p.duration, p.updated_at FROM playback_positions p JOIN files f ON f.id = p.file_id
       WHERE p.user_id = $1 AND p.file_id = $2 AND f.user_id = $1 AND f.status = 'active'`,
      [req.user.userId, id],
    );
    if (!row) throw notFound("no position for this file");
    return { position: row.position, duration: row.duration, updatedAt: rfc3339(row.updated_at) };
  });

  app.put("/playback/:id", async (req, reply) => {
    const { id } = idParams.parse(req.params);
    const body = positionBody.parse(req.body);
    // Owner check and write in one statement: nothing is stored for a file that is not the caller's.
    const stored = await db.query(
      `INSERT INTO playback_positions (user_id, file_id, position, duration)
       SELECT $1, f.id, $3, $4 FROM files f
       WHERE f.id = $2 AND f.user_id = $1 AND f.status = 'active' AND f.type = 'file'
       ON CONFLICT (user_id, file_id) DO UPDATE
         SET position = EXCLUDED.position, duration = EXCLUDED.duration, updated_at = now()
       RETURNING file_id`,
      [req.user.userId, id, body.position, body.duration],
    );
    if (stored.length === 0) throw notFound("file not found");
    return reply.status(204).send();
  });

  app.delete("/playback/:id", async (req, reply) => {
    const { id } = idParams.parse(req.params);
    await db.query("DELETE FROM playback_positions WHERE user_id = $1 AND file_id = $2", [req.user.userId, id]);
    return reply.status(204).send();
  });
}
