import type { FastifyInstance } from "fastify";
import type { Deps } from "../app.js";
import { requireUser } from "../auth/session.js";
import { notFound } from "../http/errors.js";
import { type FileOut, toFileOut } from "./file-row.js";
import { queryWords } from "./lib/clean-name.js";
import { type FindFilter, findFiles } from "./list.js";
import { idParamsSchema, listQuerySchema } from "./schemas.js";
import { getOwnedFile, pathOf, requireOwnedFile, resolvePath } from "./tree.js";

export async function listRoutes(app: FastifyInstance, { db }: Deps) {
  app.get("/files", async (req) => {
    const user = await requireUser(db, req);
    const q = listQuerySchema.parse(req.query);
    const paging = { sort: q.sort, order: q.order, page: q.page, limit: q.limit };
    const empty = { items: [], meta: { count: 0, totalPages: 0, currentPage: q.page } };

    let scopeId: string | undefined;
    let rootOnly = false;
    if (q.parentId) {
      if (q.operation === "find" && q.parentId === "nil") rootOnly = true;
      else {
        const folder = await getOwnedFile(db, user.userId, q.parentId);
        if (folder?.type !== "folder") throw notFound("file not found");
        scopeId = folder.id;
      }
    } else if (q.path) {
      const folder = await resolvePath(db, user.userId, q.path);
      if (!folder) return empty;
      scopeId = folder.id;
    }

    const base = { userId: user.userId, status: q.status };
    if (q.operation === "list") return findFiles(db, { ...base, parentId: scopeId }, paging);

    const hasQuery = q.searchType === "regex" ? Boolean(q.query) : queryWords(q.query ?? "").length > 0;
    // Teldrive ignores `path` for a query without deepSearch (a global search); an explicit parentId still scopes it.
    const scoped = scopeId !== undefined && (q.deepSearch || !hasQuery || Boolean(q.parentId));
    const filter: FindFilter = {
      ...base,
      rootOnly,
      parentId: scoped ? scopeId : undefined,
      subtree: scoped && q.deepSearch,
      name: q.name,
      query: hasQuery ? q.query : undefined,
      searchType: q.searchType,
      type: q.type,
      categories: q.category,
      updatedAt: q.updatedAt,
      shared: q.shared,
    };
    return findFiles(db, filter, paging);
  });

  app.get("/files/categories", async (req) => {
    const user = await requireUser(db, req);
    return db.query<{ category: string; totalFiles: number; totalSize: number }>(
      `SELECT coalesce(category, 'other') AS category, count(*) AS "totalFiles", coalesce(sum(size), 0) AS "totalSize"
       FROM files WHERE user_id = $1 AND type = 'file' AND status = 'active'
       GROUP BY 1 ORDER BY 1`,
      [user.userId],
    );
  });

  app.get("/files/:id", async (req) => {
    const user = await requireUser(db, req);
    const { id } = idParamsSchema.parse(req.params);
    const row = await requireOwnedFile(db, user.userId, id);
    const out: FileOut = { ...toFileOut(row), path: await pathOf(db, row.id) };
    if (row.channel_id !== null) out.channelId = row.channel_id;
    return out;
  });
}
