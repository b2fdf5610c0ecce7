import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { Deps } from "../app.js";
import { requireUser } from "../auth/session.js";
import type { Queryable } from "../db/index.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { deleteParts } from "./cleanup.js";
import { type Content, contentFromParts, contentFromUpload, droppedParts } from "./content.js";
import { adjustChildCount } from "./counts.js";
import { type FileRow, toFileOut } from "./file-row.js";
import { makeDirs } from "./folders.js";
import { categoryOf } from "./lib/category.js";
import { FOLDER_MIME, mimeTypeFor } from "./lib/mime.js";
import { checkName } from "./lib/names.js";
import { createBodySchema, idParamsSchema, mkdirBodySchema, updateBodySchema } from "./schemas.js";
import { getOwnedFile, isInsideFolder, requireOwnedFile, resolvePath } from "./tree.js";

/** The row holding `name` in `parentId`, if any (locked, so a concurrent create waits). */
async function sibling(q: Queryable, userId: number, parentId: string, name: string): Promise<FileRow | undefined> {
  const rows = await q.query<FileRow>(
    "SELECT * FROM files WHERE user_id = $1 AND parent_id = $2 AND name = $3 AND status = 'active' FOR UPDATE",
    [userId, parentId, name],
  );
  return rows[0];
}

const clash = (name: string) => conflict(`"${name}" already exists in this folder`);

/** The new content of a file from `uploadId` or `parts`. */
function readContent(
  q: Queryable,
  userId: number,
  body: {
    uploadId?: string;
    parts?: { id: number; salt?: string }[];
    size?: number;
    channelId?: number;
    encrypted?: boolean;
  },
): Promise<Content> {
  return body.uploadId ? contentFromUpload(q, userId, body.uploadId, body.size) : contentFromParts(q, userId, body);
}

export async function writeRoutes(app: FastifyInstance, { db, blobs }: Deps) {
  app.post("/files", async (req, reply) => {
    const user = await requireUser(db, req);
    const body = createBodySchema.parse(req.body);
    const name = checkName(body.name);
    if (!body.parentId && !body.path) throw badRequest("parent id or path is required");

    const { row, dropped } = await db.tx(async (q) => {
      let parent: FileRow | null;
      if (body.parentId) {
        parent = await getOwnedFile(q, user.userId, body.parentId);
        if (parent?.type !== "folder") throw notFound("parent folder not found");
      } else {
        parent = await resolvePath(q, user.userId, body.path ?? "/");
        if (!parent) throw notFound("parent folder not found");
      }
      const content = body.type === "file" ? await readContent(q, user.userId, body) : null;
      const updatedAt = body.updatedAt ?? new Date().toISOString();
      // Teldrive's create is an upsert that keeps an existing folder: clients re-upload a folder to resume.
      const sameFolder = (row: FileRow | undefined) => body.type === "folder" && row?.type === "folder";
      const existing = await sibling(q, user.userId, parent.id, name);
      if (existing) {
        if (sameFolder(existing)) return { row: existing, dropped: null };
        if (!body.replace || existing.type !== "file" || !content) throw clash(name);
        const [replaced] = await q.query<FileRow>(
          `UPDATE files SET mime_type = $2, size = $3, category = $4, encrypted = $5, parts = $6, channel_id = $7,
             hash = $8, updated_at = $9 WHERE id = $1 RETURNING *`,
          [
            existing.id,
            mimeTypeFor(name, body.mimeType),
            content.size,
            categoryOf(name),
            content.encrypted,
            JSON.stringify(content.parts),
            content.channelId,
            content.hash,
            updatedAt,
          ],
        );
        return {
          row: replaced,
          dropped: {
            channelId: existing.channel_id,
            parts: droppedParts({ channelId: existing.channel_id, parts: existing.parts }, content),
          },
        };
      }
      const [created] = await q.query<FileRow>(
        `INSERT INTO files (id, name, type, mime_type, size, category, encrypted, user_id, parent_id, parts, channel_id, hash, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING RETURNING *`,
        [
          uuidv7(),
          name,
          body.type,
          content ? mimeTypeFor(name, body.mimeType) : FOLDER_MIME,
          content ? content.size : null,
          content ? categoryOf(name) : null,
          content?.encrypted ?? false,
          user.userId,
          parent.id,
          content ? JSON.stringify(content.parts) : null,
          content?.channelId ?? null,
          content?.hash ?? null,
          updatedAt,
        ],
      );
      if (!created) {
        // A concurrent create of the same name committed first.
        const winner = await sibling(q, user.userId, parent.id, name);
        if (sameFolder(winner)) return { row: winner, dropped: null };
        throw clash(name);
      }
      await adjustChildCount(q, parent.id, 1);
      return { row: created, dropped: null };
    });
    if (dropped) await deleteParts(req, blobs, [dropped]);
    if (!row) throw new Error("insert returned no row");
    return reply.status(201).send(toFileOut(row));
  });

  app.patch("/files/:id", async (req) => {
    const user = await requireUser(db, req);
    const { id } = idParamsSchema.parse(req.params);
    const body = updateBodySchema.parse(req.body ?? {});
    const { row, dropped } = await db.tx(async (q) => {
      const file = await requireOwnedFile(q, user.userId, id);
      if (file.parent_id === null) throw badRequest("the root folder cannot be changed");
      const name = body.name === undefined ? file.name : checkName(body.name);
      let parentId = file.parent_id;
      if (body.parentId && body.parentId !== file.parent_id) {
        const parent = await getOwnedFile(q, user.userId, body.parentId);
        if (!parent) throw notFound("parent folder not found");
        if (parent.type !== "folder") throw badRequest("the new parent is not a folder");
        if (await isInsideFolder(q, parent.id, file.id))
          throw badRequest("a folder cannot be moved into itself or one of its subfolders");
        parentId = parent.id;
      }
      const changesContent = body.uploadId !== undefined || body.parts !== undefined;
      if (changesContent && file.type !== "file") throw badRequest("only a file has content to replace");
      const content = changesContent ? await readContent(q, user.userId, body) : null;
      if ((name !== file.name || parentId !== file.parent_id) && (await sibling(q, user.userId, parentId, name)))
        throw clash(name);
      // null keeps the stored time: a rename or move is not a content change.
      const updatedAt = body.updatedAt ?? (content ? new Date().toISOString() : null);
      const [updated] = await q.query<FileRow>(
        `UPDATE files SET name = $2, parent_id = $3, category = $4, updated_at = coalesce($5::timestamptz, updated_at),
           size = coalesce($6, size), encrypted = coalesce($7, encrypted), parts = coalesce($8, parts),
           channel_id = coalesce($9, channel_id), hash = CASE WHEN $10 THEN $11 ELSE hash END
         WHERE id = $1 RETURNING *`,
        [
          file.id,
          name,
          parentId,
          file.type === "file" ? categoryOf(name) : null,
          updatedAt,
          content?.size ?? null,
          content?.encrypted ?? null,
          content ? JSON.stringify(content.parts) : null,
          content?.channelId ?? null,
          content !== null,
          content?.hash ?? null,
        ],
      );
      if (parentId !== file.parent_id) {
        await adjustChildCount(q, file.parent_id, -1);
        await adjustChildCount(q, parentId, 1);
      }
      const old = { channelId: file.channel_id, parts: file.parts };
      return {
        row: updated,
        dropped: content ? { channelId: file.channel_id, parts: droppedParts(old, content) } : null,
      };
    });
    if (dropped) await deleteParts(req, blobs, [dropped]);
    if (!row) throw notFound("file not found");
    return toFileOut(row);
  });

  app.post("/files/mkdir", async (req, reply) => {
    const user = await requireUser(db, req);
    const { path } = mkdirBodySchema.parse(req.body);
    await db.tx((q) => makeDirs(q, user.userId, path));
    return reply.status(204).send();
  });
}
