import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { hashPassword } from "../auth/passwords.js";
import type { Deps } from "../deps.js";
import { dateTime } from "../files/schemas.js";
import { requireOwnedFile } from "../files/tree.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { changeShare, futureDate } from "./share-change.js";

/** Links one file may have; each is a row of file_shares. */
export const MAX_SHARES_PER_FILE = 100;

/** Teldrive main's FileShareCreate; `null` (as in our `/files/{id}/share`) removes the password or the expiry. */
const shareBody = z.object({
  password: z.string().max(1024).nullable().optional(),
  expiresAt: dateTime.nullable().optional(),
});
const fileParams = z.object({ id: z.string() });
const shareParams = z.object({ id: z.string(), shareId: z.string() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Several share links per file (Teldrive main, API-B): `GET/POST /files/{id}/shares`,
 * `PATCH/DELETE /files/{id}/shares/{shareId}`. Each link has its own password and expiry. The 1.8 call
 * `/files/{id}/share` (owner-routes.ts) works on the same rows and sees the newest link.
 */
export async function fileSharesRoutes(app: FastifyInstance, { db, config }: Deps) {
  /** The caller's file and one of its links, or 404. */
  async function ownLink(userId: number, fileId: string, shareId: string) {
    const file = await requireOwnedFile(db, userId, fileId);
    if (!UUID.test(shareId)) throw notFound("share not found");
    const [share] = await db.query<{ id: string; password: string | null; expires_at: Date | null }>(
      "SELECT id, password, expires_at FROM file_shares WHERE id = $1 AND file_id = $2 AND user_id = $3",
      [shareId, file.id, userId],
    );
    if (!share) throw notFound("share not found");
    return share;
  }

  app.get("/files/:id/shares", async (req) => {
    const { id } = fileParams.parse(req.params);
    const file = await requireOwnedFile(db, req.user.userId, id);
    const rows = await db.query<{ id: string; protected: boolean; expires_at: Date | null }>(
      `SELECT id, password IS NOT NULL AS protected, expires_at FROM file_shares
       WHERE file_id = $1 AND user_id = $2 ORDER BY created_at, id`,
      [file.id, req.user.userId],
    );
    return rows.map((r) => ({
      id: r.id,
      protected: r.protected,
      ...(r.expires_at ? { expiresAt: rfc3339(r.expires_at) } : {}),
    }));
  });

  app.post("/files/:id/shares", async (req, reply) => {
    const { user } = req;
    const { id } = fileParams.parse(req.params);
    const body = shareBody.parse(req.body ?? {});
    const file = await requireOwnedFile(db, user.userId, id);
    const expiresAt = body.expiresAt ? futureDate(body.expiresAt) : null;
    const password = body.password ? await hashPassword(body.password) : null;
    const shareId = crypto.randomUUID();
    await db.tx(async (q) => {
      // Concurrent creates for one file take turns, so the limit holds.
      await q.query("SELECT id FROM files WHERE id = $1 FOR UPDATE", [file.id]);
      const [n] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM file_shares WHERE file_id = $1", [
        file.id,
      ]);
      if ((n?.n ?? 0) >= MAX_SHARES_PER_FILE) throw conflict(`a file has at most ${MAX_SHARES_PER_FILE} share links`);
      await q.query(
        "INSERT INTO file_shares (id, file_id, user_id, password, expires_at) VALUES ($1, $2, $3, $4, $5)",
        [shareId, file.id, user.userId, password, expiresAt],
      );
    });
    // Teldrive answers 201 without a body; the new link's id is in Location (and in the list).
    return reply.status(201).header("Location", `/api/files/${file.id}/shares/${shareId}`).send();
  });

  app.patch("/files/:id/shares/:shareId", async (req, reply) => {
    const { id, shareId } = shareParams.parse(req.params);
    const body = shareBody.parse(req.body ?? {});
    // Teldrive main's fields are plain strings: it refuses null, so a client there replaces the link instead.
    if (config.compat === "teldrive-main" && (body.password === null || body.expiresAt === null))
      throw badRequest("password and expiresAt are strings");
    const share = await ownLink(req.user.userId, id, shareId);
    await changeShare(db, share, body);
    return reply.status(204).send();
  });

  app.delete("/files/:id/shares/:shareId", async (req, reply) => {
    const { id, shareId } = shareParams.parse(req.params);
    const share = await ownLink(req.user.userId, id, shareId);
    await db.query("DELETE FROM file_shares WHERE id = $1", [share.id]);
    return reply.status(204).send();
  });
}
