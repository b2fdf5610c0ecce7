import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { Queryable } from "../db/index.js";
import { nameSortKey } from "../db/name-key.js";
import type { Deps } from "../deps.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { releaseParts } from "../parts/parts.js";
import type { Blobs } from "../storage/blobs.js";
import { lockTableFor, refuseLocked } from "../webdav/locks.js";
import { type Content, contentFromParts, contentFromUpload, partRefs, putFileContent } from "./content.js";
import { type FileRow, toFileOut } from "./file-row.js";
import { lockMoves, makeDirs } from "./folders.js";
import { categoryOf } from "./lib/category.js";
import { FOLDER_MIME } from "./lib/mime.js";
import { checkName } from "./lib/names.js";
import { createBodySchema, idParamsSchema, mkdirBodySchema, updateBodySchema } from "./schemas.js";
import { childPath, drivePath, getOwnedFile, isInsideFolder, requireOwnedFile, resolvePath } from "./tree.js";

/** The row holding `name` in `parentId`, if any (locked, so a concurrent create waits). */
async function sibling(q: Queryable, userId: number, parentId: string, name: string): Promise<FileRow | undefined> {
  const rows = await q.query<FileRow>(
    "SELECT * FROM files WHERE user_id = $1 AND parent_id = $2 AND name = $3 AND status = 'active' FOR UPDATE",
    [userId, parentId, name],
  );
  return rows[0];
}

const clash = (name: string) => conflict(`"${name}" already exists in this folder`);

/**
 * The time of new content replacing content stored at `before`: now, but at least the next whole second. Clients see
 * whole seconds (Teldrive's format) and version thumbnails by them, so a file replaced within the same second must not
 * look unchanged.
 */
function replacedAt(before: Date | string): string {
  const next = (Math.floor(new Date(before).getTime() / 1000) + 1) * 1000;
  return new Date(Math.max(Date.now(), next)).toISOString();
}

/** The new content of a file from `uploadId` or `parts`. */
function readContent(
  q: Queryable,
  blobs: Blobs,
  userId: number,
  body: {
    uploadId?: string;
    parts?: { id: number; salt?: string }[];
    size?: number;
    channelId?: number;
    encrypted?: boolean;
  },
): Promise<Content> {
  return body.uploadId
    ? contentFromUpload(q, blobs, userId, body.uploadId, body.size)
    : contentFromParts(q, blobs, userId, body);
}

export async function writeRoutes(app: FastifyInstance, { db, blobs, jobs }: Deps) {
  app.post("/files", async (req, reply) => {
    const { user } = req;
    const body = createBodySchema.parse(req.body);
    const name = checkName(body.name);
    if (!body.parentId && !body.path) throw badRequest("parent id or path is required");

    const row = await db.tx(async (q) => {
      // Apart from refuseLocked below: the parent row it locks in between names its targets.
      await lockTableFor(q, user.userId, "write");
      // The parent stays locked, so a concurrent delete of it waits for this file and then takes it along.
      const parent = body.parentId
        ? await getOwnedFile(q, user.userId, body.parentId, "share")
        : await resolvePath(q, user.userId, body.path ?? "/", "share");
      if (parent?.type !== "folder") throw notFound("parent folder not found");
      await refuseLocked(q, user.userId, async () => {
        const folder = await drivePath(q, parent.id);
        return [{ path: childPath(folder, name) }, { path: folder }];
      });
      const content = body.type === "file" ? await readContent(q, blobs, user.userId, body) : null;
      const updatedAt = body.updatedAt ?? new Date().toISOString();
      // Teldrive's create is an upsert (`ON CONFLICT … DO UPDATE`): an existing folder is answered again (clients
      // re-upload a folder to resume) and a file onto a file replaces its content, keeping its id (clients upload the
      // same folder again). A folder and a file never replace each other: a folder's children would be lost.
      const upsert = async (existing: FileRow): Promise<FileRow | undefined> => {
        if (body.type === "folder" && existing.type === "folder") return existing;
        if (existing.type !== "file" || !content) throw clash(name);
        const replaced = await putFileContent(q, {
          userId: user.userId,
          parentId: parent.id,
          name,
          content,
          existing,
          updatedAt: body.updatedAt ?? replacedAt(existing.updated_at),
          mimeType: body.mimeType,
        });
        return replaced ?? undefined;
      };
      const existing = await sibling(q, user.userId, parent.id, name);
      if (existing) return upsert(existing);
      const created = content
        ? await putFileContent(q, {
            userId: user.userId,
            parentId: parent.id,
            name,
            content,
            existing: null,
            updatedAt,
            mimeType: body.mimeType,
          })
        : (
            await q.query<FileRow>(
              `INSERT INTO files (id, name, name_key, type, mime_type, size, user_id, parent_id, updated_at)
               VALUES ($1, $2, $3, 'folder', $4, 0, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING *`,
              [uuidv7(), name, nameSortKey(name), FOLDER_MIME, user.userId, parent.id, updatedAt],
            )
          )[0];
      if (!created) {
        // A concurrent create of the same name committed first: this one goes over it, as if it came second.
        const winner = await sibling(q, user.userId, parent.id, name);
        if (!winner) throw clash(name);
        return upsert(winner);
      }
      return created;
    });
    jobs.kick();
    if (!row) throw new Error("insert returned no row");
    return reply.status(201).send(toFileOut(row));
  });

  app.patch("/files/:id", async (req) => {
    const { user } = req;
    const { id } = idParamsSchema.parse(req.params);
    const body = updateBodySchema.parse(req.body ?? {});
    const row = await db.tx(async (q) => {
      // Apart from refuseLocked below: the move lock and the rows come in between, and the rows name its targets.
      await lockTableFor(q, user.userId, "write");
      const moving = Boolean(body.parentId);
      const first = await requireOwnedFile(q, user.userId, id);
      // A folder changing parent takes the user's move lock first, so two moves cannot each pass the cycle check.
      if (moving && first.type === "folder") await lockMoves(q, user.userId);
      const file = await requireOwnedFile(q, user.userId, id, "update");
      if (file.parent_id === null) throw badRequest("the root folder cannot be changed");
      const name = body.name === undefined ? file.name : checkName(body.name);
      let parentId = file.parent_id;
      if (body.parentId && body.parentId !== file.parent_id) {
        const parent = await getOwnedFile(q, user.userId, body.parentId, "share");
        if (!parent) throw notFound("parent folder not found");
        if (parent.type !== "folder") throw badRequest("the new parent is not a folder");
        if (await isInsideFolder(q, parent.id, file.id))
          throw badRequest("a folder cannot be moved into itself or one of its subfolders");
        parentId = parent.id;
      }
      const fromParent = file.parent_id;
      await refuseLocked(q, user.userId, async () => {
        const folder = await drivePath(q, fromParent);
        const targets = [{ path: childPath(folder, file.name), tree: true }, { path: folder }];
        if (name === file.name && parentId === fromParent) return targets;
        const to = parentId === fromParent ? folder : await drivePath(q, parentId);
        return [...targets, { path: childPath(to, name), tree: true }, { path: to }];
      });
      const changesContent = body.uploadId !== undefined || body.parts !== undefined;
      if (changesContent && file.type !== "file") throw badRequest("only a file has content to replace");
      const content = changesContent ? await readContent(q, blobs, user.userId, body) : null;
      if ((name !== file.name || parentId !== file.parent_id) && (await sibling(q, user.userId, parentId, name)))
        throw clash(name);
      // null keeps the stored time: a rename or move is not a content change.
      const updatedAt = body.updatedAt ?? (content ? replacedAt(file.updated_at) : null);
      const [updated] = await q.query<FileRow>(
        `UPDATE files SET name = $2, name_key = $3, parent_id = $4, category = $5,
           updated_at = coalesce($6::timestamptz, updated_at), size = coalesce($7, size),
           encrypted = coalesce($8, encrypted), parts = coalesce($9, parts), channel_id = coalesce($10, channel_id),
           hash = CASE WHEN $11 THEN $12 ELSE hash END
         WHERE id = $1 RETURNING *`,
        [
          file.id,
          name,
          nameSortKey(name),
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
      if (content) await releaseParts(q, partRefs(file));
      return updated;
    });
    jobs.kick();
    if (!row) throw notFound("file not found");
    return toFileOut(row);
  });

  app.post("/files/mkdir", async (req, reply) => {
    const { user } = req;
    const { path } = mkdirBodySchema.parse(req.body);
    await db.tx(async (q) => {
      await lockTableFor(q, user.userId, "write");
      await makeDirs(q, user.userId, path);
    });
    return reply.status(204).send();
  });
}
