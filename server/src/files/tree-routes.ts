import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { Deps } from "../app.js";
import { requireUser } from "../auth/session.js";
import type { Queryable } from "../db/index.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import type { StoredPart } from "../storage/blobs.js";
import { deleteParts, partsByChannel } from "./cleanup.js";
import { selectedChannel } from "./content.js";
import { adjustChildCount } from "./counts.js";
import { type FileRow, toFileOut } from "./file-row.js";
import { makeDirs, resolveDestination } from "./folders.js";
import { checkName } from "./lib/names.js";
import { copyBodySchema, deleteBodySchema, idParamsSchema, moveBodySchema } from "./schemas.js";
import { isInsideFolder, isUuid, requireOwnedFile, subtreeRows } from "./tree.js";

/** The user's rows for all `ids` (deduplicated); 404 unless every one is the user's. */
async function ownedRows(q: Queryable, userId: number, ids: string[]): Promise<FileRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.every(isUuid)) throw notFound("file not found");
  const rows = await q.query<FileRow>(
    "SELECT * FROM files WHERE id = ANY($1::uuid[]) AND user_id = $2 AND status = 'active'",
    [unique, userId],
  );
  if (rows.length !== unique.length) throw notFound("file not found");
  if (rows.some((r) => r.parent_id === null)) throw badRequest("the root folder cannot be changed");
  return rows;
}

/** How often each value occurs. */
function countBy<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

export async function treeRoutes(app: FastifyInstance, { db, blobs }: Deps) {
  app.post("/files/move", async (req, reply) => {
    const user = await requireUser(db, req);
    const body = moveBodySchema.parse(req.body);
    if (body.destinationName !== undefined && body.ids.length !== 1)
      throw badRequest("destinationName needs exactly one id");
    const newName = body.destinationName === undefined ? undefined : checkName(body.destinationName);
    await db.tx(async (q) => {
      const dest = await resolveDestination(q, user.userId, body.destinationParent);
      const items = await ownedRows(q, user.userId, body.ids);
      for (const item of items)
        if (item.type === "folder" && (await isInsideFolder(q, dest.id, item.id)))
          throw badRequest(`"${item.name}" cannot be moved into itself or one of its subfolders`);
      const names = items.map((item) => newName ?? item.name);
      const twice = names.find((n, i) => names.indexOf(n) !== i);
      if (twice !== undefined) throw conflict(`two of the moved items are named "${twice}"`);
      const taken = await q.query<{ name: string }>(
        `SELECT name FROM files WHERE parent_id = $1 AND status = 'active' AND name = ANY($2::text[])
           AND NOT (id = ANY($3::uuid[])) LIMIT 1`,
        [dest.id, names, items.map((i) => i.id)],
      );
      if (taken[0]) throw conflict(`"${taken[0].name}" already exists in the destination`);
      await q.query(
        `UPDATE files f SET parent_id = $1, name = v.name
         FROM unnest($2::uuid[], $3::text[]) AS v(id, name) WHERE f.id = v.id`,
        [dest.id, items.map((i) => i.id), names],
      );
      const leaving = items.filter((i) => i.parent_id !== dest.id);
      for (const [parentId, n] of countBy(leaving.map((i) => i.parent_id))) await adjustChildCount(q, parentId, -n);
      await adjustChildCount(q, dest.id, leaving.length);
    });
    return reply.status(204).send();
  });

  app.post("/files/delete", async (req, reply) => {
    const user = await requireUser(db, req);
    const body = deleteBodySchema.parse(req.body);
    const removed = await db.tx(async (q) => {
      const items = await ownedRows(q, user.userId, body.ids);
      const tree = await subtreeRows(
        q,
        items.map((i) => i.id),
      );
      const ids = tree.map((r) => r.id);
      for (const [parentId, n] of countBy(items.map((i) => i.parent_id))) await adjustChildCount(q, parentId, -n);
      await q.query("DELETE FROM file_shares WHERE file_id = ANY($1::uuid[])", [ids]);
      await q.query("DELETE FROM files WHERE id = ANY($1::uuid[])", [ids]);
      return tree;
    });
    await deleteParts(req, blobs, partsByChannel(removed));
    return reply.status(204).send();
  });

  app.post("/files/:id/copy", async (req) => {
    const user = await requireUser(db, req);
    const { id } = idParamsSchema.parse(req.params);
    const body = copyBodySchema.parse(req.body);
    const source = await requireOwnedFile(db, user.userId, id);
    if (source.parent_id === null) throw badRequest("the root folder cannot be copied");
    const name = checkName(body.newName || source.name);
    // One transaction, so folders made for a refused destination are rolled back.
    const dest = await db.tx(async (q) => {
      const folder = isUuid(body.destination)
        ? await resolveDestination(q, user.userId, body.destination)
        : await makeDirs(q, user.userId, body.destination);
      if (source.type === "folder" && (await isInsideFolder(q, folder.id, source.id)))
        throw badRequest("a folder cannot be copied into itself or one of its subfolders");
      return folder;
    });
    const nameTaken = async (q: Queryable) =>
      (await q.query("SELECT 1 FROM files WHERE parent_id = $1 AND name = $2 AND status = 'active'", [dest.id, name]))
        .length > 0;
    if (await nameTaken(db)) throw conflict(`"${name}" already exists in the destination`);

    // Bytes first, rows second: a failure in between leaves only orphan part files.
    const tree = await subtreeRows(db, [source.id]);
    const channelId = await selectedChannel(db, user.userId);
    const copiedParts = new Map<string, StoredPart[]>();
    const written: StoredPart[] = [];
    try {
      for (const row of tree) {
        if (row.type !== "file" || !row.parts?.length || row.channel_id === null) continue;
        const ids = await db.query<{ id: number }>("SELECT nextval('part_ids') AS id FROM generate_series(1, $1)", [
          row.parts.length,
        ]);
        const parts = await blobs.copyParts(
          { channelId: row.channel_id, parts: row.parts },
          { channelId, partIds: ids.map((r) => r.id) },
        );
        written.push(...parts);
        copiedParts.set(row.id, parts);
      }
      const newIds = new Map(tree.map((r) => [r.id, uuidv7()]));
      const childrenOf = countBy(tree.map((r) => r.parent_id));
      const updatedAt = body.updatedAt ?? new Date().toISOString();
      return await db.tx(async (q) => {
        if (await nameTaken(q)) throw conflict(`"${name}" already exists in the destination`);
        let top: FileRow | undefined;
        for (const row of tree) {
          const isTop = row.id === source.id;
          const parts = copiedParts.get(row.id) ?? (row.type === "file" ? [] : null);
          const [inserted] = await q.query<FileRow>(
            `INSERT INTO files (id, name, type, mime_type, size, category, encrypted, user_id, parent_id, parts,
               channel_id, hash, updated_at, child_count)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
            [
              newIds.get(row.id),
              isTop ? name : row.name,
              row.type,
              row.mime_type,
              row.size,
              row.category,
              row.encrypted,
              user.userId,
              isTop ? dest.id : newIds.get(row.parent_id ?? ""),
              parts === null ? null : JSON.stringify(parts),
              row.type === "file" ? channelId : null,
              row.hash,
              updatedAt,
              childrenOf.get(row.id) ?? 0,
            ],
          );
          if (isTop) top = inserted;
        }
        if (!top) throw notFound("file not found");
        await adjustChildCount(q, dest.id, 1);
        return toFileOut(top);
      });
    } catch (err) {
      await deleteParts(req, blobs, [{ channelId, parts: written }]);
      throw err;
    }
  });
}
