import crypto from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../src/auth/api-keys.js";
import { openStore } from "../src/storage/blobs.js";
import { segmentsOf } from "../src/webdav/paths.js";
import { createUser, startServer, type TestServer } from "./helpers.js";

/** WebDAV's protocol on the real server (in process) and database: what a WebDAV client sees. */

const SPLIT = 1024 * 1024;
let server: TestServer;
let auth = "";
let key = "";
let cookie = "";
let userId = 0;

const basic = (key: string, name = "anyone") => `Basic ${Buffer.from(`${name}:${key}`).toString("base64")}`;

async function dav(
  method: string,
  url: string,
  opts: { headers?: Record<string, string>; body?: string | Buffer | Readable; srv?: TestServer } = {},
) {
  return (opts.srv ?? server).app.inject({
    method: method as "GET",
    url,
    headers: { authorization: auth, ...opts.headers },
    ...(opts.body !== undefined && { payload: opts.body }),
  });
}

async function newKey(srv: TestServer) {
  const user = await createUser(srv);
  const created = await createApiKey(srv.db, user.userId, { name: "dav", expiresAt: null });
  if (!created) throw new Error("no key");
  return { ...user, key: created.key };
}

beforeAll(async () => {
  server = await startServer({ WEBDAV_SPLIT_SIZE: String(SPLIT), ENCRYPTION_KEY: "webdav test key" });
  const user = await newKey(server);
  key = user.key;
  auth = basic(key);
  cookie = user.cookie;
  userId = user.userId;
});
afterAll(() => server?.close());

describe("signing in", () => {
  it("asks for Basic credentials and takes an API key as the password, whatever the user name", async () => {
    const none = await dav("PROPFIND", "/webdav/", { headers: { authorization: "", depth: "0" } });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Basic realm=/);
    expect((await dav("PROPFIND", "/webdav/", { headers: { depth: "0" } })).statusCode).toBe(207);
    const other = basic(key, "x");
    expect((await dav("PROPFIND", "/webdav/", { headers: { authorization: other, depth: "0" } })).statusCode).toBe(207);
  });

  it("counts a wrong key against the address's budget of wrong sign-in codes", async () => {
    const before = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sign_in_failures");
    const res = await dav("GET", "/webdav/", { headers: { authorization: basic("tdk_not-a-key") } });
    expect(res.statusCode).toBe(401);
    const after = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sign_in_failures");
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) + 1);
  });

  it("shows each key only its owner's drive", async () => {
    await dav("PUT", "/webdav/mine.txt", { body: "private" });
    const bob = await newKey(server);
    const res = await dav("GET", "/webdav/mine.txt", { headers: { authorization: basic(bob.key) } });
    expect(res.statusCode).toBe(404);
  });

  it("refuses plain http when WEBDAV_REQUIRE_TLS is set", async () => {
    const tls = await startServer({ WEBDAV_REQUIRE_TLS: "true" });
    try {
      const res = await tls.app.inject({ method: "OPTIONS", url: "/webdav/" });
      expect(res.statusCode).toBe(403);
    } finally {
      await tls.close();
    }
  });

  it("is advertised in /api/capabilities, and absent with WEBDAV=off", async () => {
    expect((await server.app.inject({ url: "/api/capabilities" })).json()).toMatchObject({ webdav: true });
    const off = await startServer({ WEBDAV: "off" });
    try {
      expect((await off.app.inject({ url: "/api/capabilities" })).json()).toMatchObject({ webdav: false });
      expect(
        (await off.app.inject({ method: "GET", url: "/webdav/", headers: { authorization: auth } })).statusCode,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe("files", () => {
  it("streams a PUT into parts of the split size, and GET reads it back with ranges", async () => {
    const bytes = crypto.randomBytes(2 * SPLIT + 1000);
    expect((await dav("PUT", "/webdav/big.bin", { body: bytes })).statusCode).toBe(201);
    const [row] = await server.db.query<{ parts: unknown[]; size: number; hash: string | null }>(
      "SELECT parts, size, hash FROM files WHERE user_id = $1 AND name = 'big.bin'",
      [userId],
    );
    expect(row?.parts).toHaveLength(3);
    expect(row?.size).toBe(bytes.length);
    expect(row?.hash).toMatch(/^[0-9a-f]{64}$/);
    const all = await dav("GET", "/webdav/big.bin");
    expect(all.rawPayload.equals(bytes)).toBe(true);
    const part = await dav("GET", "/webdav/big.bin", { headers: { range: `bytes=${SPLIT - 5}-${SPLIT + 4}` } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(SPLIT - 5, SPLIT + 5))).toBe(true);
  });

  it("takes a body without Content-Length (chunked)", async () => {
    const bytes = crypto.randomBytes(SPLIT + 77);
    const res = await dav("PUT", "/webdav/chunked.bin", {
      body: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
    });
    expect(res.statusCode).toBe(201);
    expect((await dav("GET", "/webdav/chunked.bin")).rawPayload.equals(bytes)).toBe(true);
  });

  it("encrypts what it stores when WEBDAV_ENCRYPT is set", async () => {
    const enc = await startServer({ ENCRYPTION_KEY: "k", WEBDAV_ENCRYPT: "true" });
    try {
      const user = await newKey(enc);
      const headers = { authorization: basic(user.key) };
      await dav("PUT", "/webdav/secret.txt", { headers, body: "top secret", srv: enc });
      const [row] = await enc.db.query<{ encrypted: boolean }>("SELECT encrypted FROM files WHERE name = 'secret.txt'");
      expect(row?.encrypted).toBe(true);
      expect((await dav("GET", "/webdav/secret.txt", { headers, srv: enc })).body).toBe("top secret");
    } finally {
      await enc.close();
    }
  });

  it("encrypts a PUT of an account that chose encryption, though WEBDAV_ENCRYPT is off, and reads it back", async () => {
    const user = await newKey(server);
    const headers = { authorization: basic(user.key) };
    const settings = (payload: object) =>
      server.app.inject({ method: "PATCH", url: "/api/users/settings", headers: { cookie: user.cookie }, payload });
    expect((await server.app.inject({ url: "/api/users/settings", headers: { cookie: user.cookie } })).json()).toEqual({
      encryptFiles: null,
    });
    expect((await settings({ encryptFiles: true })).json()).toEqual({ encryptFiles: true });
    // More than two parts of the split size, so every part is checked, the short last one too.
    const data = crypto.randomBytes(2 * SPLIT + 12345);
    expect((await dav("PUT", "/webdav/chosen.bin", { headers, body: data })).statusCode).toBe(201);
    const [row] = await server.db.query<{ encrypted: boolean; parts: { id: number }[]; channel_id: number }>(
      "SELECT encrypted, parts, channel_id FROM files WHERE user_id = $1 AND name = 'chosen.bin'",
      [user.userId],
    );
    expect(row?.encrypted).toBe(true);
    expect(row?.parts).toHaveLength(3);
    const store = openStore(server.config);
    for (const [i, part] of (row?.parts ?? []).entries()) {
      const ref = { partId: part.id, channelId: row?.channel_id ?? 0 };
      const stored = await buffer(await store.read(ref, 0, (await store.size(ref)) - 1));
      const plain = data.subarray(i * SPLIT, (i + 1) * SPLIT);
      expect(stored.length).toBeGreaterThan(plain.length);
      expect(stored.includes(plain.subarray(0, 64))).toBe(false);
    }
    const back = await dav("GET", "/webdav/chosen.bin", { headers });
    expect(back.rawPayload.equals(data)).toBe(true);
    // Chosen off again, the same server stores plain parts.
    expect((await settings({ encryptFiles: false })).json()).toEqual({ encryptFiles: false });
    await dav("PUT", "/webdav/plain.bin", { headers, body: "plain" });
    const [plain] = await server.db.query<{ encrypted: boolean }>(
      "SELECT encrypted FROM files WHERE user_id = $1 AND name = 'plain.bin'",
      [user.userId],
    );
    expect(plain?.encrypted).toBe(false);
  });

  it("follows WEBDAV_ENCRYPT while the account has not chosen, and refuses encryption without a key", async () => {
    const enc = await startServer({ ENCRYPTION_KEY: "k", WEBDAV_ENCRYPT: "true" });
    const none = await startServer();
    try {
      const user = await newKey(enc);
      const headers = { authorization: basic(user.key) };
      await dav("PUT", "/webdav/default.txt", { headers, body: "x", srv: enc });
      await enc.app.inject({
        method: "PATCH",
        url: "/api/users/settings",
        headers: { cookie: user.cookie },
        payload: { encryptFiles: false },
      });
      await dav("PUT", "/webdav/declined.txt", { headers, body: "y", srv: enc });
      const rows = await enc.db.query<{ name: string; encrypted: boolean }>(
        "SELECT name, encrypted FROM files WHERE user_id = $1 AND type = 'file' ORDER BY name",
        [user.userId],
      );
      expect(rows).toEqual([
        { name: "declined.txt", encrypted: false },
        { name: "default.txt", encrypted: true },
      ]);
      const other = await createUser(none);
      const refused = await none.app.inject({
        method: "PATCH",
        url: "/api/users/settings",
        headers: { cookie: other.cookie },
        payload: { encryptFiles: true },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/ENCRYPTION_KEY/);
    } finally {
      await enc.close();
      await none.close();
    }
  });

  it("gives a new ETag to new content of the same size, and honours If-Match and If-None-Match", async () => {
    await dav("PUT", "/webdav/etag.txt", { body: "aaaa" });
    const first = (await dav("HEAD", "/webdav/etag.txt")).headers.etag as string;
    expect((await dav("PUT", "/webdav/etag.txt", { body: "bbbb" })).statusCode).toBe(204);
    const second = (await dav("HEAD", "/webdav/etag.txt")).headers.etag as string;
    expect(second).not.toBe(first);
    expect((await dav("PUT", "/webdav/etag.txt", { body: "cccc", headers: { "if-match": first } })).statusCode).toBe(
      412,
    );
    expect((await dav("PUT", "/webdav/etag.txt", { body: "cccc", headers: { "if-none-match": "*" } })).statusCode).toBe(
      412,
    );
    expect((await dav("GET", "/webdav/etag.txt", { headers: { "if-none-match": second } })).statusCode).toBe(304);
  });

  it("shows a file put through WebDAV in the API's listing", async () => {
    await dav("MKCOL", "/webdav/Shared");
    await dav("PUT", "/webdav/Shared/report.pdf", { body: "%PDF" });
    const list = await server.app.inject({ url: "/api/files?path=/Shared", headers: { cookie } });
    expect(list.json().items.map((f: { name: string }) => f.name)).toEqual(["report.pdf"]);
  });

  it("refuses names the drive refuses", async () => {
    // In-process requests have their path normalised on the way in; segmentsOf sees what a socket delivers.
    for (const path of ["/webdav/a/../x", "/webdav/a/%2e%2e/x", "/webdav/./x", "/webdav/a%2Fb", "/webdav/a%00"])
      expect(() => segmentsOf(path), path).toThrow(/invalid path/);
    expect((await dav("PUT", "/webdav/a%2Fb", { body: "x" })).statusCode).toBe(400);
    expect((await dav("PUT", "/webdav/nul%00", { body: "x" })).statusCode).toBe(400);
    expect((await dav("MKCOL", "/webdav/missing/child")).statusCode).toBe(409);
  });

  it("moves a deleted item to the trash", async () => {
    await dav("PUT", "/webdav/bin-me.txt", { body: "bye" });
    expect((await dav("DELETE", "/webdav/bin-me.txt")).statusCode).toBe(204);
    expect((await dav("GET", "/webdav/bin-me.txt")).statusCode).toBe(404);
    const trash = await server.app.inject({ url: "/api/trash", headers: { cookie } });
    expect(trash.json().items.map((i: { name: string }) => i.name)).toContain("bin-me.txt");
  });

  it("copies and moves with Overwrite", async () => {
    await dav("PUT", "/webdav/one.txt", { body: "one" });
    await dav("PUT", "/webdav/two.txt", { body: "two" });
    const dest = { destination: "http://localhost/webdav/two.txt" };
    expect((await dav("COPY", "/webdav/one.txt", { headers: { ...dest, overwrite: "F" } })).statusCode).toBe(412);
    expect((await dav("COPY", "/webdav/one.txt", { headers: dest })).statusCode).toBe(204);
    expect((await dav("GET", "/webdav/two.txt")).body).toBe("one");
    const moved = await dav("MOVE", "/webdav/two.txt", { headers: { destination: "/webdav/Shared/three.txt" } });
    expect(moved.statusCode).toBe(201);
    expect((await dav("GET", "/webdav/Shared/three.txt")).body).toBe("one");
  });
});

describe("PROPFIND and PROPPATCH", () => {
  it("refuses Depth: infinity with 403", async () => {
    const res = await dav("PROPFIND", "/webdav/", { headers: { depth: "infinity" } });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain("propfind-finite-depth");
  });

  it("lists a folder of more than one page, in name order", async () => {
    await dav("MKCOL", "/webdav/many");
    const names = Array.from({ length: 2100 }, (_, i) => `f${String(i).padStart(5, "0")}`);
    const [root] = await server.db.query<{ id: string }>(
      "SELECT f.id FROM files f JOIN files p ON f.parent_id = p.id WHERE f.user_id = $1 AND f.name = 'many' AND p.parent_id IS NULL",
      [userId],
    );
    await server.db.query(
      `INSERT INTO files (id, name, type, mime_type, size, user_id, parent_id, parts)
       SELECT gen_random_uuid(), n, 'file', 'text/plain', 0, $1, $2, '[]' FROM unnest($3::text[]) n`,
      [userId, root?.id, names],
    );
    const res = await dav("PROPFIND", "/webdav/many/", { headers: { depth: "1" } });
    expect(res.statusCode).toBe(207);
    const hrefs = [...res.body.matchAll(/<D:href>([^<]+)<\/D:href>/g)].map((m) => m[1]);
    expect(hrefs[0]).toBe("/webdav/many/");
    expect(hrefs.slice(1)).toEqual(names.map((n) => `/webdav/many/${n}`));
  });

  it("answers quota properties (RFC 4331) when asked", async () => {
    const body =
      '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:quota-used-bytes/><D:quota-available-bytes/></D:prop></D:propfind>';
    const res = await dav("PROPFIND", "/webdav/", { headers: { depth: "0" }, body });
    expect(res.body).toMatch(/<D:quota-used-bytes>\d+<\/D:quota-used-bytes>/);
    if (server.config.storage.kind === "disk") {
      expect(res.body).toMatch(/<D:quota-available-bytes>\d+<\/D:quota-available-bytes>/);
    } else {
      // An object store has no free space to tell: the property is answered "not found", as RFC 4331 allows.
      expect(res.body).toContain(
        "<D:propstat><D:prop><D:quota-available-bytes/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status>",
      );
    }
  });

  it("keeps dead properties per item, through a move", async () => {
    await dav("PUT", "/webdav/props.txt", { body: "p" });
    const patch =
      '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><Z:color>blue</Z:color></D:prop></D:set></D:propertyupdate>';
    expect((await dav("PROPPATCH", "/webdav/props.txt", { body: patch })).statusCode).toBe(207);
    await dav("MOVE", "/webdav/props.txt", { headers: { destination: "/webdav/props2.txt" } });
    const res = await dav("PROPFIND", "/webdav/props2.txt", {
      headers: { depth: "0" },
      body: '<D:propfind xmlns:D="DAV:"><D:prop><Z:color xmlns:Z="urn:z"/></D:prop></D:propfind>',
    });
    expect(res.body).toContain('<P:color xmlns:P="urn:z">blue</P:color>');
  });
});

describe("locks", () => {
  const lockBody =
    '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>me</D:owner></D:lockinfo>';

  it("refuses writes without the token (423) and takes them with it", async () => {
    await dav("PUT", "/webdav/locked.txt", { body: "v1" });
    const lock = await dav("LOCK", "/webdav/locked.txt", { body: lockBody, headers: { timeout: "Second-600" } });
    expect(lock.statusCode).toBe(200);
    const token = String(lock.headers["lock-token"]);
    expect(token).toMatch(/^<opaquelocktoken:.+>$/);
    expect((await dav("PUT", "/webdav/locked.txt", { body: "v2" })).statusCode).toBe(423);
    expect((await dav("DELETE", "/webdav/locked.txt")).statusCode).toBe(423);
    expect((await dav("PUT", "/webdav/locked.txt", { body: "v2", headers: { if: `(${token})` } })).statusCode).toBe(
      204,
    );
    expect((await dav("LOCK", "/webdav/locked.txt", { body: lockBody })).statusCode).toBe(423);
    expect((await dav("UNLOCK", "/webdav/locked.txt", { headers: { "lock-token": token } })).statusCode).toBe(204);
    expect((await dav("PUT", "/webdav/locked.txt", { body: "v3" })).statusCode).toBe(204);
  });

  it("lets a lock lapse at its timeout", async () => {
    await dav("PUT", "/webdav/lapse.txt", { body: "v1" });
    const lock = await dav("LOCK", "/webdav/lapse.txt", { body: lockBody, headers: { timeout: "Second-60" } });
    expect((await dav("PUT", "/webdav/lapse.txt", { body: "v2" })).statusCode).toBe(423);
    // The clock moved past the timeout: what the database says decides.
    await server.db.query("UPDATE webdav_locks SET expires_at = now() - interval '1 second' WHERE token = $1", [
      String(lock.headers["lock-token"]).slice(1, -1),
    ]);
    expect((await dav("PUT", "/webdav/lapse.txt", { body: "v2" })).statusCode).toBe(204);
  });

  it("lets shared locks coexist and refuses an exclusive one beside them", async () => {
    await dav("PUT", "/webdav/shared.txt", { body: "s" });
    const shared = lockBody.replace("<D:exclusive/>", "<D:shared/>");
    expect((await dav("LOCK", "/webdav/shared.txt", { body: shared })).statusCode).toBe(200);
    expect((await dav("LOCK", "/webdav/shared.txt", { body: shared })).statusCode).toBe(200);
    expect((await dav("LOCK", "/webdav/shared.txt", { body: lockBody })).statusCode).toBe(423);
  });

  it("locks a folder's members with Depth: infinity", async () => {
    await dav("MKCOL", "/webdav/deep");
    await dav("PUT", "/webdav/deep/inner.txt", { body: "i" });
    const lock = await dav("LOCK", "/webdav/deep/", { body: lockBody });
    expect((await dav("PUT", "/webdav/deep/inner.txt", { body: "x" })).statusCode).toBe(423);
    expect((await dav("PUT", "/webdav/deep/new.txt", { body: "x" })).statusCode).toBe(423);
    const ifHeader = { if: `(${lock.headers["lock-token"]})` };
    expect((await dav("PUT", "/webdav/deep/new.txt", { body: "x", headers: ifHeader })).statusCode).toBe(201);
  });
});

describe("WebDAV locks and the JSON API", () => {
  const lockBody =
    '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>me</D:owner></D:lockinfo>';
  const api = (method: string, url: string, payload?: object) =>
    server.app.inject({ method: method as "GET", url: `/api${url}`, headers: { cookie }, ...(payload && { payload }) });
  async function idOf(folder: string, name: string): Promise<string> {
    const list = await api("GET", `/files?path=${encodeURIComponent(folder)}&limit=500`);
    const item = list.json().items.find((f: { name: string }) => f.name === name);
    if (!item) throw new Error(`${folder}/${name} is not listed`);
    return item.id;
  }
  const expectLocked = (res: { statusCode: number; json(): { message: string } }, name: string) => {
    expect(res.statusCode).toBe(423);
    expect(res.json().message).toBe(
      `"${name}" is locked by an app connected over WebDAV, so it can't be changed now. Try again when that app has unlocked it (locks end by themselves when it stops renewing them).`,
    );
  };

  it("answers 423 to a rename, move, delete or overwrite of a locked file, and lets them through after UNLOCK", async () => {
    await dav("MKCOL", "/webdav/api-locks");
    await dav("MKCOL", "/webdav/api-locks/elsewhere");
    await dav("PUT", "/webdav/api-locks/held.txt", { body: "held" });
    const id = await idOf("/api-locks", "held.txt");
    const elsewhere = await idOf("/api-locks", "elsewhere");
    const lock = await dav("LOCK", "/webdav/api-locks/held.txt", { body: lockBody });
    expect(lock.statusCode).toBe(200);

    expectLocked(await api("PATCH", `/files/${id}`, { name: "renamed.txt" }), "held.txt");
    expectLocked(await api("POST", "/files/move", { ids: [id], destinationParent: elsewhere }), "held.txt");
    expectLocked(await api("POST", "/files/delete", { ids: [id] }), "held.txt");
    expectLocked(
      await api("POST", "/files", { name: "held.txt", type: "file", path: "/api-locks", size: 0 }),
      "held.txt",
    );
    // Nothing changed: WebDAV still reads the locked file where it was.
    expect((await dav("GET", "/webdav/api-locks/held.txt")).body).toBe("held");
    // A sibling is not covered by a lock on one file.
    expect(
      (await api("POST", "/files", { name: "free.txt", type: "file", path: "/api-locks", size: 0 })).statusCode,
    ).toBe(201);

    expect(
      (
        await dav("UNLOCK", "/webdav/api-locks/held.txt", {
          headers: { "lock-token": String(lock.headers["lock-token"]) },
        })
      ).statusCode,
    ).toBe(204);
    expect((await api("PATCH", `/files/${id}`, { name: "renamed.txt" })).statusCode).toBe(200);
    expect((await dav("GET", "/webdav/api-locks/renamed.txt")).body).toBe("held");
    // Once the API renamed it, WebDAV can lock it under its new name.
    expect((await dav("LOCK", "/webdav/api-locks/renamed.txt", { body: lockBody })).statusCode).toBe(200);
  });

  it("answers 423 to changes inside a folder locked with Depth: infinity, and to a folder holding a lock below it", async () => {
    await dav("MKCOL", "/webdav/deep-api");
    await dav("MKCOL", "/webdav/deep-api/sub");
    await dav("PUT", "/webdav/deep-api/sub/inner.txt", { body: "i" });
    await dav("MKCOL", "/webdav/outside");
    const inner = await idOf("/deep-api/sub", "inner.txt");
    const folder = await idOf("/", "deep-api");
    const outside = await idOf("/", "outside");
    const sub = await idOf("/deep-api", "sub");
    const lock = await dav("LOCK", "/webdav/deep-api/", { body: lockBody, headers: { depth: "infinity" } });
    expect(lock.statusCode).toBe(200);
    expectLocked(await api("PATCH", `/files/${inner}`, { name: "x.txt" }), "deep-api");
    expectLocked(
      await api("POST", "/files", { name: "new.txt", type: "file", path: "/deep-api/sub", size: 0 }),
      "deep-api",
    );
    expectLocked(
      await api("POST", "/files/move", {
        ids: [outside],
        destinationParent: sub,
      }),
      "deep-api",
    );
    expectLocked(await api("POST", "/files/delete", { ids: [folder] }), "deep-api");
    await dav("UNLOCK", "/webdav/deep-api/", { headers: { "lock-token": String(lock.headers["lock-token"]) } });

    // A lock on a file deep inside holds its folders: deleting or moving one would take the file along.
    const fileLock = await dav("LOCK", "/webdav/deep-api/sub/inner.txt", { body: lockBody });
    expect(fileLock.statusCode).toBe(200);
    expectLocked(await api("POST", "/files/delete", { ids: [folder] }), "inner.txt");
    expectLocked(await api("POST", "/files/move", { ids: [folder], destinationParent: outside }), "inner.txt");
    expect((await api("PATCH", `/files/${outside}`, { name: "outside2" })).statusCode).toBe(200);
  });
});
