import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePath } from "../src/files/index.js";
import { createUser, jobsDone, startServer, type TestServer } from "./helpers.js";
import { storeFile } from "./upload-fixtures.js";

let server: TestServer;
let owner: { userId: number; cookie: string };
let visitor: { userId: number; cookie: string };
const ids: Record<string, string> = {};
const shares: Record<string, string> = {};
const PASSWORD = "open sesame";
const bData = crypto.randomBytes(150_000);
const basic = (password: string) => `Basic ${Buffer.from(`:${password}`).toString("base64")}`;

async function mkdir(cookie: string, path: string) {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/files/mkdir",
    headers: { cookie },
    payload: { path },
  });
  expect(res.statusCode, res.body).toBe(204);
}

async function folderId(userId: number, path: string) {
  const row = await resolvePath(server.db, userId, path);
  if (!row) throw new Error(`no folder ${path}`);
  return row.id;
}

async function share(fileId: string, body: { password?: string } = {}): Promise<string> {
  const res = await server.app.inject({
    method: "POST",
    url: `/api/files/${fileId}/share`,
    headers: { cookie: owner.cookie },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const got = await server.app.inject({ url: `/api/files/${fileId}/share`, headers: { cookie: owner.cookie } });
  return got.json().id;
}

const save = (id: string, payload: object = {}, headers: Record<string, string> = { cookie: visitor.cookie }) =>
  server.app.inject({ method: "POST", url: `/api/shares/${id}/save`, headers, payload });

/** The visitor's active rows below `path`, as "relative/path" → row. */
async function visitorTree(path: string): Promise<Map<string, { id: string; type: string }>> {
  const top = await folderId(visitor.userId, path);
  const rows = await server.db.query<{ id: string; type: string; path: string }>(
    `WITH RECURSIVE t(id, type, path) AS (
       SELECT id, type, name FROM files WHERE parent_id = $1 AND status = 'active' AND user_id = $2
       UNION ALL SELECT f.id, f.type, t.path || '/' || f.name FROM files f JOIN t ON f.parent_id = t.id
       WHERE f.status = 'active' AND f.user_id = $2
     ) SELECT * FROM t`,
    [top, visitor.userId],
  );
  return new Map(rows.map((r) => [r.path, { id: r.id, type: r.type }]));
}

async function visitorContent(fileId: string): Promise<Buffer> {
  const res = await server.app.inject({ url: `/api/files/${fileId}/content`, headers: { cookie: visitor.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

beforeAll(async () => {
  // Tiny batches: a folder's save goes on as a background job after the request.
  server = await startServer({ ENCRYPTION_KEY: "save test key", DELETE_BATCH_ROWS: "2" });
  owner = await createUser(server);
  visitor = await createUser(server);
  for (const path of ["/Shared/Sub", "/Private", "/Doomed/Inner"]) await mkdir(owner.cookie, path);
  ids.a = (await storeFile(server, owner.cookie, Buffer.from("hello a"), { name: "a.txt", path: "/Shared" })).id;
  ids.b = (
    await storeFile(server, owner.cookie, bData, {
      name: "b.bin",
      path: "/Shared/Sub",
      partSize: 60_000,
      encrypted: true,
    })
  ).id;
  ids.c = (await storeFile(server, owner.cookie, Buffer.from("c"), { name: "c.txt", path: "/Shared/Sub" })).id;
  ids.secret = (await storeFile(server, owner.cookie, Buffer.from("secret"), { name: "s.txt", path: "/Private" })).id;
  ids.top = (await storeFile(server, owner.cookie, Buffer.from("top file"), { name: "top.txt", path: "/" })).id;
  ids.shared = await folderId(owner.userId, "/Shared");
  ids.sub = await folderId(owner.userId, "/Shared/Sub");
  ids.private = await folderId(owner.userId, "/Private");
  ids.inner = await folderId(owner.userId, "/Doomed/Inner");
  shares.folder = await share(ids.shared, { password: PASSWORD });
  shares.file = await share(ids.top);
  shares.inner = await share(ids.inner);
});
afterAll(async () => {
  await server?.close();
});

describe("POST /api/shares/{id}/save", () => {
  it("is advertised in /capabilities", async () => {
    const res = await server.app.inject({ url: "/api/capabilities" });
    expect(res.json().saveShares).toBe(true);
  });

  it("refuses an anonymous visitor", async () => {
    const res = await save(shares.file as string, {}, {});
    expect(res.statusCode).toBe(401);
    expect(
      await server.db.query("SELECT 1 FROM files WHERE user_id = $1 AND name = 'top.txt'", [visitor.userId]),
    ).toEqual([]);
  });

  it("saves a file share into the root, and a clashing name gets a free one", async () => {
    const first = await save(shares.file as string);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().destination.path).toBe("/");
    expect(first.json().items.map((i: { name: string }) => i.name)).toEqual(["top.txt"]);
    const second = await save(shares.file as string);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().items[0].name).toBe("top (1).txt");
    const tree = await visitorTree("/");
    for (const name of ["top.txt", "top (1).txt"]) {
      const row = tree.get(name);
      expect(row, name).toBeDefined();
      expect((await visitorContent(row?.id as string)).toString()).toBe("top file");
    }
  });

  it("needs the password of a protected share, then saves the whole folder into a destination", async () => {
    expect((await save(shares.folder as string, { destination: "/From shares" })).statusCode).toBe(401);
    const res = await save(
      shares.folder as string,
      { destination: "From shares/" },
      {
        cookie: visitor.cookie,
        authorization: basic(PASSWORD),
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().destination.path).toBe("/From shares");
    expect(res.json().items[0]).toMatchObject({ name: "Shared", type: "folder" });
    await jobsDone(server);
    const tree = await visitorTree("/From shares");
    expect([...tree.keys()].sort()).toEqual([
      "Shared",
      "Shared/Sub",
      "Shared/Sub/b.bin",
      "Shared/Sub/c.txt",
      "Shared/a.txt",
    ]);
    expect(Buffer.compare(await visitorContent(tree.get("Shared/Sub/b.bin")?.id as string), bData)).toBe(0);
    // The owner's files are untouched and still theirs.
    const [ownerB] = await server.db.query<{ user_id: number }>("SELECT user_id FROM files WHERE id = $1", [ids.b]);
    expect(Number(ownerB?.user_id)).toBe(owner.userId);
  });

  it("unlocks with the share cookie too and saves chosen items inside the folder", async () => {
    const unlock = await server.app.inject({
      method: "POST",
      url: `/api/shares/${shares.folder}/unlock`,
      payload: { password: PASSWORD },
    });
    expect(unlock.statusCode).toBe(204);
    const shareCookie = unlock.cookies[0] as { name: string; value: string };
    const res = await save(
      shares.folder as string,
      { destination: "/Picked", ids: [ids.b, ids.a] },
      {
        cookie: `${visitor.cookie}; ${shareCookie.name}=${shareCookie.value}`,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect([...(await visitorTree("/Picked")).keys()].sort()).toEqual(["a.txt", "b.bin"]);
  });

  it("cannot reach anything outside the share", async () => {
    const headers = { cookie: visitor.cookie, authorization: basic(PASSWORD) };
    for (const id of [ids.secret, ids.private, ids.top, "not-a-uuid"]) {
      const res = await save(shares.folder as string, { destination: "/Outside", ids: [id] }, headers);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
    }
    // A file share only gives its file.
    expect((await save(shares.file as string, { ids: [ids.secret] })).statusCode).toBe(404);
    const stolen = await server.db.query("SELECT 1 FROM files WHERE user_id = $1 AND name IN ('s.txt', 'Private')", [
      visitor.userId,
    ]);
    expect(stolen).toEqual([]);
    expect(await resolvePath(server.db, visitor.userId, "/Outside")).toBeNull();
  });

  it("refuses an expired share and a share inside a trashed folder", async () => {
    const expired = crypto.randomUUID();
    await server.db.query(
      "INSERT INTO file_shares (id, file_id, user_id, expires_at) VALUES ($1, $2, $3, now() - interval '1 minute')",
      [expired, ids.top, owner.userId],
    );
    const gone = await save(expired);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("share expired");

    expect((await save(shares.inner as string, { destination: "/Before trash" })).statusCode).toBe(200);
    const doomed = await folderId(owner.userId, "/Doomed");
    const del = await server.app.inject({
      method: "POST",
      url: "/api/files/delete",
      headers: { cookie: owner.cookie },
      payload: { ids: [doomed] },
    });
    expect(del.statusCode, del.body).toBe(204);
    expect((await save(shares.inner as string, { destination: "/After trash" })).statusCode).toBe(404);
  });
});
