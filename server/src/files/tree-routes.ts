import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/index.js";
import { nameSortKey } from "../db/name-key.js";
import type { Deps } from "../deps.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { lockTableFor, refuseLocked } from "../webdav/locks.js";
import { checkItemCount } from "./bulk-write.js";
import { type FileRow, toFileOut } from "./file-row.js";
import { lockMoves, makeDirs, resolveDestination } from "./folders.js";
import { checkName } from "./lib/names.js";
import { copyBodySchema, deleteBodySchema, idParamsSchema, moveBodySchema } from "./schemas.js";
import { trashTrees } from "./trash.js";
import { childPath, drivePath, isInsideFolder, isUuid, parentPath, requireOwnedFile } from "./tree.js";
import { copyTree } from "./tree-copy.js";
import { deleteTrees } from "./tree-delete.js";

/** The user's rows for all `ids` (deduplicated), locked for change; 404 unless every one is the user's. */
async function ownedRows(q: Queryable, userId: number, ids: string[]): Promise<FileRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.every(isUuid)) throw notFound("file not found");
  const rows = await q.query<FileRow>(
    "SELECT * FROM files WHERE id = ANY($1::uuid[]) AND user_id = $2 AND status = 'active' ORDER BY id FOR UPDATE",
    [unique, userId],
  );
  if (rows.length !== unique.length) throw notFound("file not found");
  if (rows.some((r) => r.parent_id === null)) throw badRequest("the root folder cannot be changed");
  return rows;
}

export async function treeRoutes(app: FastifyInstance, { config, db, jobs }: Deps) {
  app.post("/files/move", async (req, reply) => {
    const { user } = req;
    const body = moveBodySchema.parse(req.body);
    checkItemCount(body.ids);
    if (body.destinationName !== undefined && body.ids.length !== 1)
      throw badRequest("destinationName needs exactly one id");
    const newName = body.destinationName === undefined ? undefined : checkName(body.destinationName);
    await db.tx(async (q) => {
      // Apart from refuseLocked below: the move lock and the rows come in between, and the rows name its targets.
      await lockTableFor(q, user.userId, "write");
      // Folders move one user's move at a time (folders.ts lockMoves): checking for a cycle and moving are one step.
      const anyFolder = await q.query("SELECT 1 FROM files WHERE id = ANY($1::uuid[]) AND type = 'folder' LIMIT 1", [
        body.ids.filter(isUuid),
      ]);
      if (anyFolder.length > 0) await lockMoves(q, user.userId);
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
      await refuseLocked(q, user.userId, async () => {
        const to = await drivePath(q, dest.id);
        const targets: { path: string; tree?: boolean }[] = [{ path: to }];
        for (const [i, item] of items.entries()) {
          const from = await drivePath(q, item.id);
          targets.push({ path: from, tree: true }, { path: parentPath(from) });
          targets.push({ path: childPath(to, names[i] ?? item.name), tree: true });
        }
        return targets;
      });
      await q.query(
        `UPDATE files f SET parent_id = $1, name = v.name, name_key = v.name_key
         FROM unnest($2::uuid[], $3::text[], $4::text[]) AS v(id, name, name_key) WHERE f.id = v.id`,
        [dest.id, items.map((i) => i.id), names, names.map(nameSortKey)],
      );
    });
    return reply.status(204).send();
  });

  async function deleteItems(userId: number, ids: string[]) {
    checkItemCount(ids);
    await db.tx(async (q) => {
      // Apart from refuseLocked below: the rows it locks in between name its targets.
      await lockTableFor(q, userId, "write");
      const items = await ownedRows(q, userId, ids);
      await refuseLocked(q, userId, async () => {
        const targets: { path: string; tree?: boolean }[] = [];
        for (const item of items) {
          const path = await drivePath(q, item.id);
          targets.push({ path, tree: true }, { path: parentPath(path) });
        }
        return targets;
      });
      // Teldrive deletes for good; this server moves the items to the trash (files/trash.ts).
      if (config.teldrive18) await deleteTrees(q, items, "purging", config.deleteBatchRows);
      else await trashTrees(q, items, config.deleteBatchRows);
    });
    jobs.kick();
  }

  app.post("/files/delete", async (req, reply) => {
    await deleteItems(req.user.userId, deleteBodySchema.parse(req.body).ids);
    return reply.status(204).send();
  });

  // Teldrive main's delete of one item (API-B); the same as /files/delete with one id.
  if (config.compat !== "teldrive-1.8")
    app.delete("/files/:id", async (req, reply) => {
      await deleteItems(req.user.userId, [idParamsSchema.parse(req.params).id]);
      return reply.status(204).send();
    });

  app.post("/files/:id/copy", async (req) => {
    const { user } = req;
    const { id } = idParamsSchema.parse(req.params);
    const body = copyBodySchema.parse(req.body);
    const updatedAt = body.updatedAt ?? new Date().toISOString();
    // One transaction for the checks and the first batch: folders made for the destination vanish with a refused
    // copy. A bigger tree is copied on by a job (tree-copy.ts).
    const top = await db.tx(async (q) => {
      // Apart from refuseLocked below: the source and destination rows it locks in between name its targets.
      await lockTableFor(q, user.userId, "write");
      const source = await requireOwnedFile(q, user.userId, id, "share");
      if (source.parent_id === null) throw badRequest("the root folder cannot be copied");
      const name = checkName(body.newName || source.name);
      const dest = isUuid(body.destination)
        ? await resolveDestination(q, user.userId, body.destination)
        : await makeDirs(q, user.userId, body.destination);
      if (source.type === "folder" && (await isInsideFolder(q, dest.id, source.id)))
        throw badRequest("a folder cannot be copied into itself or one of its subfolders");
      await refuseLocked(q, user.userId, async () => {
        const to = await drivePath(q, dest.id);
        return [{ path: childPath(to, name), tree: true }, { path: to }];
      });
      const taken = await q.query("SELECT 1 FROM files WHERE parent_id = $1 AND name = $2 AND status = 'active'", [
        dest.id,
        name,
      ]);
      if (taken.length > 0) throw conflict(`"${name}" already exists in the destination`);
      return copyTree(q, { source, dest: dest.id, name, updatedAt, userId: user.userId }, config);
    });
    jobs.kick();
    return toFileOut(top);
  });
}
