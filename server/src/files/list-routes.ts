import type { FastifyInstance } from "fastify";
import { isTimeout } from "../db/errors.js";
import type { Deps } from "../deps.js";
import { badRequest, HttpError, notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { type CursorPaging, findCursorPage, listGeneration, withNextCursor } from "./cursor-paging.js";
import { type FileOut, listWithoutTakenAt, toFileOut, withoutTakenAt } from "./file-row.js";
import { queryWords } from "./lib/clean-name.js";
import { CursorError } from "./lib/cursor.js";
import { regexProblem } from "./lib/regex-guard.js";
import { type FindFilter, type FindOptions, findFiles, isSearch, type Paging } from "./list.js";
import { idParamsSchema, listQuerySchema } from "./schemas.js";
import { limitSearch, SearchBudgetSpent } from "./search-limits.js";
import { contentsOf, getOwnedFile, pathOf, requireOwnedFile, resolvePath } from "./tree.js";

export async function listRoutes(app: FastifyInstance, { db, config }: Deps) {
  // PGlite's one connection serves every request: there a regex is matched in short steps (list.ts).
  const options: FindOptions = { regexInSteps: db.kind === "pglite" };

  app.get("/files", async (req, reply) => {
    const { user } = req;
    const q = listQuerySchema.parse(req.query);
    // Ours (capability `takenAt`), which a Teldrive server refuses like any sort it does not know.
    if (config.teldrive18 && q.sort === "takenAt")
      throw badRequest('sort: Invalid option: expected one of "name"|"updatedAt"|"size"|"id"');
    const generation = listGeneration(req.query, config.compat);
    const paging = { sort: q.sort, order: q.order, page: generation === "b" ? 1 : q.page, limit: q.limit };
    const mixed = config.compat === "teldrive-main";
    const listPage = async (f: FindFilter) => {
      const list = await findPage(db, f, paging, generation, { cursor: q.cursor, mixed }, options);
      return config.teldrive18 ? listWithoutTakenAt(list) : list;
    };
    const empty =
      generation === "b"
        ? { items: [], meta: {} }
        : { items: [], meta: { count: 0, totalPages: 0, currentPage: q.page } };

    let scopeId: string | undefined;
    let scopeIsRoot = false;
    let rootOnly = false;
    if (q.parentId) {
      if (q.operation === "find" && q.parentId === "nil") rootOnly = true;
      else {
        const folder = await getOwnedFile(db, user.userId, q.parentId);
        if (folder?.type !== "folder") throw notFound("file not found");
        scopeId = folder.id;
        scopeIsRoot = folder.parent_id === null;
      }
    } else if (q.path) {
      const folder = await resolvePath(db, user.userId, q.path);
      if (!folder) return empty;
      scopeId = folder.id;
      scopeIsRoot = folder.parent_id === null;
    }

    const base = { userId: user.userId, status: q.status };
    if (q.operation === "list") return listPage({ ...base, parentId: scopeId });

    const hasQuery = q.searchType === "regex" ? Boolean(q.query) : queryWords(q.query ?? "").length > 0;
    if (hasQuery && q.searchType === "regex") {
      const problem = regexProblem(q.query ?? "");
      if (problem) throw badRequest(`invalid regular expression: ${problem}`);
      // The database compiles it once here, so a pattern it cannot read is a 400 even when no name is ever matched
      // against it (an empty drive, or PGlite's stepped matching with no candidates).
      await db.query("SELECT '' ~ $1", [q.query]);
    }
    // A folder given by path or id scopes the find, with or without search text (Teldrive ignores `path` when a
    // query comes without deepSearch; we do what the search form says): its children, or its whole subtree.
    const filter: FindFilter = {
      ...base,
      rootOnly,
      parentId: scopeId,
      subtree: scopeId !== undefined && q.deepSearch,
      parentIsRoot: scopeIsRoot,
      name: q.name,
      query: hasQuery ? q.query : undefined,
      searchType: q.searchType,
      type: q.type,
      categories: q.category,
      updatedAt: q.updatedAt,
      shared: q.shared,
    };
    if (!isSearch(filter)) return listPage(filter);
    try {
      return await limitSearch(user.userId, () => listPage(filter));
    } catch (err) {
      if (err instanceof SearchBudgetSpent) reply.header("Retry-After", String(err.retryAfter));
      if (isTimeout(err)) throw new HttpError(503, "the search took too long; narrow it down and try again");
      throw err;
    }
  });

  app.get("/files/categories", async (req) => {
    const { user } = req;
    // Kept by the database with every change (migration 3), so this reads a handful of rows.
    return db.query<{ category: string; totalFiles: number; totalSize: number }>(
      `SELECT split_part(scope, ':', 2) AS category, n AS "totalFiles", bytes AS "totalSize"
       FROM scope_counts WHERE kind = 3 AND seg = 1 AND scope LIKE $1 ORDER BY 1`,
      [`${user.userId}:%`],
    );
  });

  app.get("/files/:id", async (req) => {
    const { user } = req;
    const { id } = idParamsSchema.parse(req.params);
    const row = await requireOwnedFile(db, user.userId, id);
    // createdAt and partCount are ours (the details pane shows them); Teldrive clients ignore unknown fields.
    const out: FileOut & { createdAt: string; partCount?: number; contentSize?: number; contentCount?: number } = {
      ...(config.teldrive18 ? withoutTakenAt(toFileOut(row)) : toFileOut(row)),
      path: await pathOf(db, row.id),
      createdAt: rfc3339(row.created_at),
    };
    if (row.channel_id !== null) out.channelId = row.channel_id;
    if (row.type === "file") out.partCount = row.parts?.length ?? 0;
    else {
      const contents = await contentsOf(db, user.userId, row.id);
      out.contentSize = contents.size;
      out.contentCount = contents.items;
    }
    return out;
  });
}

/** A page of a find in the request's generation (cursor-paging.ts); a cursor that cannot be used is 400. */
async function findPage(
  db: Deps["db"],
  filter: FindFilter,
  paging: Paging,
  generation: ReturnType<typeof listGeneration>,
  walk: Pick<CursorPaging, "cursor" | "mixed">,
  options: FindOptions,
) {
  if (generation === "a") return findFiles(db, filter, paging, options);
  if (generation === "both") return withNextCursor(db, await findFiles(db, filter, paging, options), paging);
  const cursorPaging: CursorPaging = { sort: paging.sort, order: paging.order, limit: paging.limit, ...walk };
  try {
    return await findCursorPage(db, filter, cursorPaging);
  } catch (err) {
    if (err instanceof CursorError) throw badRequest(err.message);
    throw err;
  }
}
