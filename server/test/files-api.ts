import type { FileList, FileOut } from "@drive/contract";
import type { PartRef } from "../src/storage/store.js";
import type { TestServer } from "./helpers.js";

/** A signed-in test user as createUser returns it. */
export interface TestUser {
  userId: number;
  cookie: string;
}

/** Our answers' shapes, from the one contract (docs/openapi.json). */
export type FileJson = FileOut;
export type FileListJson = FileList;

/** Calls the API as `user` and returns status and parsed JSON (null for an empty body). */
export async function call<T = unknown>(
  server: TestServer,
  user: TestUser | null,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await server.app.inject({
    method,
    url: `/api${url}`,
    headers: user ? { cookie: user.cookie } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : null) as T };
}

/**
 * Real stored parts of these plaintext sizes, uploaded through `POST /uploads` (a file may only reference parts
 * that exist), as the `parts` of a `POST /files` body.
 */
export async function partsOf(server: TestServer, user: TestUser, ...sizes: number[]): Promise<{ id: number }[]> {
  const uploadId = `parts-${Math.random().toString(36).slice(2)}`;
  const parts: { id: number }[] = [];
  for (const [i, size] of sizes.entries()) {
    const res = await server.app.inject({
      method: "POST",
      url: `/api/uploads/${uploadId}?partName=p${i + 1}&fileName=f&partNo=${i + 1}`,
      headers: { cookie: user.cookie, "content-type": "application/octet-stream" },
      payload: Buffer.alloc(size, i + 1),
    });
    if (res.statusCode !== 200) throw new Error(`upload part: ${res.statusCode} ${res.body}`);
    parts.push({ id: (res.json() as { partId: number }).partId });
  }
  return parts;
}

export const qs = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export async function mkdir(server: TestServer, user: TestUser, path: string) {
  const res = await call(server, user, "POST", "/files/mkdir", { path });
  if (res.status !== 204) throw new Error(`mkdir ${path}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Creates a folder or an (empty or part-backed) file and returns it; throws unless 201. */
export async function create(server: TestServer, user: TestUser, body: Record<string, unknown>): Promise<FileJson> {
  const res = await call<FileJson>(server, user, "POST", "/files", body);
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function list(server: TestServer, user: TestUser, params: Record<string, string | number | boolean>) {
  return call<FileListJson>(server, user, "GET", `/files?${qs(params)}`);
}

/**
 * Scopes whose stored count differs from their real number of active rows (should be none): folder children,
 * whole drives and categories, folders and files apart (migration 3's scope_counts).
 */
export function wrongFolderCounts(server: TestServer) {
  return server.db.query(
    `WITH real AS (
       SELECT 1 AS kind, parent_id::text AS scope, (type = 'file')::int AS seg, count(*) AS n, sum(size) AS bytes
       FROM files WHERE status = 'active' AND parent_id IS NOT NULL GROUP BY 2, 3
       UNION ALL
       SELECT 2, user_id::text, (type = 'file')::int, count(*), sum(size)
       FROM files WHERE status = 'active' AND parent_id IS NOT NULL GROUP BY 2, 3
       UNION ALL
       SELECT 3, user_id::text || ':' || category, 1, count(*), sum(size)
       FROM files WHERE status = 'active' AND parent_id IS NOT NULL AND type = 'file' GROUP BY 2
     )
     SELECT coalesce(r.kind, c.kind) AS kind, coalesce(r.scope, c.scope) AS scope, coalesce(r.seg, c.seg) AS seg,
            c.n AS stored, r.n AS actual
     FROM real r FULL JOIN scope_counts c ON c.kind = r.kind AND c.scope = r.scope AND c.seg = r.seg
     WHERE c.n IS DISTINCT FROM r.n OR c.bytes IS DISTINCT FROM r.bytes`,
  );
}

const MARK_SORTS = [
  { sort: 0, mark: "k_name", file: "name_key" },
  { sort: 1, mark: "k_size", file: "size" },
  { sort: 2, mark: "k_time", file: "updated_at" },
];

/**
 * Page marks whose stored row count differs from the rows really between them and the next mark of their scope
 * and order (should be none): what deep pages are found with (migration 3, files/paging.ts).
 */
export async function wrongMarks(server: TestServer) {
  const wrong: unknown[] = [];
  for (const s of MARK_SORTS)
    wrong.push(
      ...(await server.db.query(
        `WITH m AS (
           SELECT kind, scope, seg, mid, ${s.mark} AS k, id, n,
                  lead(${s.mark}) OVER w AS nk, lead(id) OVER w AS nid
           FROM page_marks WHERE sort = ${s.sort}
           WINDOW w AS (PARTITION BY kind, scope, seg ORDER BY ${s.mark}, id)
         )
         SELECT * FROM (
           SELECT m.kind, m.scope, m.seg, m.mid, m.n, (
             SELECT count(*) FROM files f
             WHERE f.status = 'active' AND f.parent_id IS NOT NULL
               AND f.type = CASE m.seg WHEN 0 THEN 'folder' ELSE 'file' END
               AND CASE m.kind WHEN 1 THEN f.parent_id::text = m.scope WHEN 2 THEN f.user_id::text = m.scope
                   ELSE f.user_id::text || ':' || f.category = m.scope END
               AND (f.${s.file}, f.id) >= (m.k, m.id) AND (m.nk IS NULL OR (f.${s.file}, f.id) < (m.nk, m.nid))
           ) AS real FROM m
         ) c WHERE c.n <> c.real`,
      )),
    );
  return wrong;
}

/** The user's item `name` in the folder at `dir`; throws when there is none. */
export async function itemAt(server: TestServer, user: TestUser, dir: string, name: string): Promise<FileJson> {
  const res = await list(server, user, { operation: "find", path: dir, name });
  const item = res.body.items[0];
  if (!item) throw new Error(`${dir}/${name} not found`);
  return item;
}

/** Where a file's parts are stored, read from its row. */
export async function partRefsOf(server: TestServer, fileId: string): Promise<PartRef[]> {
  const [row] = await server.db.query<{ channel_id: number; parts: { id: number }[] }>(
    "SELECT channel_id, parts FROM files WHERE id = $1",
    [fileId],
  );
  if (!row) throw new Error("no such file row");
  return row.parts.map((p) => ({ channelId: row.channel_id, partId: p.id }));
}
