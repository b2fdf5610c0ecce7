import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { hashPassword } from "../auth/passwords.js";
import type { Deps } from "../deps.js";
import { dateTime } from "../files/schemas.js";
import { pathOf, requireOwnedFolder } from "../files/tree.js";
import { badRequest, notFound } from "../http/errors.js";
import { FOLDER_NAME_SQL, isRequestId, type RequestRow, toOwned } from "./store.js";

const createBody = z.object({
  folderId: z.string().max(64),
  title: z.string().trim().max(200).optional(),
  password: z.string().max(1024).optional(),
  expiresAt: dateTime.optional(),
  maxFileSize: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  maxFiles: z.number().int().min(1).max(1_000_000).optional(),
});
const idParams = z.object({ id: z.string().max(64) });

/** Requests one list shows, newest first. */
const LIST_LIMIT = 1000;

/**
 * The owner's side of file requests (private: register inside the signed-in scope): make a request for one of the
 * caller's folders, list the caller's requests with what arrived through each, revoke one. Every call sees only the
 * caller's own requests; another user's is 404.
 */
export async function ownerFileRequestRoutes(app: FastifyInstance, { db }: Deps) {
  app.post("/file-requests", async (req, reply) => {
    const { user } = req;
    const body = createBody.parse(req.body ?? {});
    const folder = await requireOwnedFolder(db, user.userId, body.folderId);
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw badRequest("expiresAt must be in the future");
    // Hashed as share passwords are (bcrypt of the SHA-256); an empty one means none.
    const password = body.password ? await hashPassword(body.password) : null;
    const folderName = folder.parent_id === null ? "My Drive" : folder.name;
    const [row] = await db.query<RequestRow>(
      `INSERT INTO file_requests (id, user_id, folder_id, title, password, expires_at, max_file_size, max_files)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *, $9::text AS folder_name`,
      [
        crypto.randomUUID(),
        user.userId,
        folder.id,
        body.title || folderName,
        password,
        expiresAt,
        body.maxFileSize ?? null,
        body.maxFiles ?? null,
        folderName,
      ],
    );
    if (!row) throw new Error("file request was not saved");
    return reply.status(201).send(toOwned({ ...row, folder_path: await pathOf(db, folder.id) }));
  });

  app.get("/file-requests", async (req) => {
    const rows = await db.query<RequestRow>(
      `SELECT r.*, ${FOLDER_NAME_SQL} AS folder_name FROM file_requests r
       JOIN files f ON f.id = r.folder_id AND f.status = 'active'
       WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT ${LIST_LIMIT}`,
      [req.user.userId],
    );
    const items = [];
    for (const row of rows) items.push(toOwned({ ...row, folder_path: await pathOf(db, row.folder_id) }));
    return { items };
  });

  app.delete("/file-requests/:id", async (req, reply) => {
    const { id } = idParams.parse(req.params);
    const rows = isRequestId(id)
      ? await db.query("DELETE FROM file_requests WHERE id = $1 AND user_id = $2 RETURNING id", [id, req.user.userId])
      : [];
    if (rows.length === 0) throw notFound("file request not found");
    return reply.status(204).send();
  });
}
