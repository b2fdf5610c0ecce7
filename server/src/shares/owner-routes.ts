import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { hashPassword } from "../auth/passwords.js";
import type { Queryable } from "../db/index.js";
import type { Deps } from "../deps.js";
import { dateTime, idParamsSchema } from "../files/schemas.js";
import { requireOwnedFile } from "../files/tree.js";
import { conflict, notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { fileSharesRoutes } from "./file-shares-routes.js";
import { listOwnShares } from "./owner-list.js";
import { changeShare, futureDate, type ShareRow } from "./share-change.js";

/** Share create/update; `password: null` (our addition) removes the password, `expiresAt: null` the expiry. */
const shareBodySchema = z.object({
  password: z.string().nullable().optional(),
  expiresAt: dateTime.nullable().optional(),
});

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

/** The file's newest link: a file may have several (file-shares-routes.ts); the 1.8 calls see this one. */
async function ownShare(q: Queryable, userId: number, fileId: string): Promise<ShareRow> {
  const rows = await q.query<ShareRow>(
    `SELECT id, password, expires_at FROM file_shares WHERE file_id = $1 AND user_id = $2
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [fileId, userId],
  );
  const share = rows[0];
  if (!share) throw notFound("invalid share");
  return share;
}

/**
 * The owner's side of sharing (private: register inside the signed-in scope): a file's share as Teldrive 1.8 knows it,
 * keyed by file id (`/files/{id}/share`: the newest of its links), its several links (`/files/{id}/shares…`,
 * file-shares-routes.ts), and `GET /shares`, the caller's own shares (our addition; `shareList` in /capabilities).
 * Anyone opens a share by its id through public-routes.ts.
 */
export async function ownerShareRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  // Several links per file, Teldrive main's calls (API-B); Teldrive 1.8 has only the one below.
  if (deps.config.compat !== "teldrive-1.8") await fileSharesRoutes(app, deps);

  app.get("/shares", async (req) => listOwnShares(db, req.user.userId, listQuery.parse(req.query)));

  app.post("/files/:id/share", async (req, reply) => {
    const { user } = req;
    const { id } = idParamsSchema.parse(req.params);
    const body = shareBodySchema.parse(req.body ?? {});
    const file = await requireOwnedFile(db, user.userId, id);
    const expiresAt = body.expiresAt ? futureDate(body.expiresAt) : null;
    const password = body.password ? await hashPassword(body.password) : null;
    await db.tx(async (q) => {
      // Serialises concurrent creates for the same file so only one share can exist.
      await q.query("SELECT id FROM files WHERE id = $1 FOR UPDATE", [file.id]);
      const existing = await q.query("SELECT 1 FROM file_shares WHERE file_id = $1", [file.id]);
      if (existing.length > 0) throw conflict("this file is already shared");
      await q.query(
        "INSERT INTO file_shares (id, file_id, user_id, password, expires_at) VALUES ($1, $2, $3, $4, $5)",
        [crypto.randomUUID(), file.id, user.userId, password, expiresAt],
      );
    });
    return reply.status(201).send();
  });

  app.get("/files/:id/share", async (req) => {
    const { user } = req;
    const { id } = idParamsSchema.parse(req.params);
    const file = await requireOwnedFile(db, user.userId, id);
    const share = await ownShare(db, user.userId, file.id);
    return {
      id: share.id,
      protected: share.password !== null,
      ...(share.expires_at ? { expiresAt: rfc3339(share.expires_at) } : {}),
      name: file.name,
      type: file.type,
    };
  });

  app.patch("/files/:id/share", async (req, reply) => {
    const { user } = req;
    const { id } = idParamsSchema.parse(req.params);
    const body = shareBodySchema.parse(req.body ?? {});
    const file = await requireOwnedFile(db, user.userId, id);
    const share = await ownShare(db, user.userId, file.id);
    await changeShare(db, share, body);
    return reply.status(204).send();
  });

  app.delete("/files/:id/share", async (req, reply) => {
    const { user } = req;
    const { id } = idParamsSchema.parse(req.params);
    const file = await requireOwnedFile(db, user.userId, id);
    await ownShare(db, user.userId, file.id);
    // "Stop sharing" in a 1.8 client: every link of the file goes, or the client would still see one.
    await db.query("DELETE FROM file_shares WHERE file_id = $1 AND user_id = $2", [file.id, user.userId]);
    return reply.status(204).send();
  });
}
