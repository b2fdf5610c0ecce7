import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { type FileOutRow, LIST_COLUMNS, toFileOut } from "../files/file-row.js";
import { idParamsSchema } from "../files/schemas.js";
import { isUuid, requireOwnedFile } from "../files/tree.js";
import { notFound } from "../http/errors.js";

/** At most this many starred items are listed (a star list is a short list of favourites, not a folder). */
export const MAX_STARS_LISTED = 1000;

/**
 * Starred files and folders, per user (our addition; `stars` in /capabilities). A star belongs to the user who set
 * it and to an item they own; an item in the trash keeps its star but is not listed, and deleting it for good
 * removes the star with it.
 */
export async function starRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  app.get("/stars", async (req) => {
    const rows = await db.query<FileOutRow>(
      `SELECT ${LIST_COLUMNS.split(", ")
        .map((c) => `f.${c}`)
        .join(", ")}
       FROM stars s JOIN files f ON f.id = s.file_id AND f.user_id = s.user_id AND f.status = 'active'
       WHERE s.user_id = $1 ORDER BY s.created_at DESC, f.id LIMIT ${MAX_STARS_LISTED}`,
      [req.user.userId],
    );
    return { items: rows.map(toFileOut) };
  });

  app.put("/stars/:id", async (req, reply) => {
    const { id } = idParamsSchema.parse(req.params);
    const file = await requireOwnedFile(db, req.user.userId, id);
    await db.query("INSERT INTO stars (user_id, file_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
      req.user.userId,
      file.id,
    ]);
    return reply.code(204).send();
  });

  app.delete("/stars/:id", async (req, reply) => {
    const { id } = idParamsSchema.parse(req.params);
    if (!isUuid(id)) throw notFound("file not found");
    // Only the caller's own star can go; someone else's item answers 404 like every owned call.
    const removed = await db.query("DELETE FROM stars WHERE user_id = $1 AND file_id = $2 RETURNING file_id", [
      req.user.userId,
      id,
    ]);
    if (removed.length === 0) await requireOwnedFile(db, req.user.userId, id);
    return reply.code(204).send();
  });
}
