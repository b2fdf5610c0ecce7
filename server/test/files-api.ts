import type { TestServer } from "./helpers.js";

/** A signed-in test user as createUser returns it. */
export interface TestUser {
  userId: number;
  cookie: string;
}

export interface FileJson {
  id: string;
  name: string;
  type: "file" | "folder";
  mimeType: string;
  category?: string;
  parentId?: string;
  size: number;
  encrypted: boolean;
  hash?: string;
  updatedAt: string;
  path?: string;
  channelId?: number;
}

export interface FileListJson {
  items: FileJson[];
  meta: { count: number; totalPages: number; currentPage: number };
}

/** Calls the API as `user` and returns status and parsed JSON (null for an empty body). */
export async function call<T = unknown>(
  server: TestServer,
  user: TestUser | null,
  method: "GET" | "POST" | "PATCH" | "DELETE",
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

/** Folders whose stored child_count differs from their real number of active children (should be none). */
export function wrongFolderCounts(server: TestServer) {
  return server.db.query(
    `SELECT f.name, f.child_count, real.n AS actual FROM files f
     CROSS JOIN LATERAL (SELECT count(*) AS n FROM files c WHERE c.parent_id = f.id AND c.status = 'active') real
     WHERE f.type = 'folder' AND f.child_count <> real.n`,
  );
}
