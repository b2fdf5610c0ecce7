import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../src/auth/api-keys.js";
import { COOKIE_NAME, createSession } from "../src/auth/session.js";
import { ensureUserDefaults } from "../src/auth/user-defaults.js";
import { loadConfig } from "../src/config.js";
import { type Db, openDb } from "../src/db/index.js";
import { type ChildServer, startChildServer } from "./child-server.js";
import { createTestDatabase } from "./helpers.js";

/**
 * WebDAV locks on two server instances sharing one PostgreSQL database and one data folder, as behind a load
 * balancer: a lock granted by one holds on the other. PostgreSQL only (vitest.config.ts), like multi-instance.test.ts.
 */

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let dataDir = "";
const running: ChildServer[] = [];
let a: ChildServer;
let b: ChildServer;
let auth = "";
let cookie = "";

const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';

async function start(): Promise<ChildServer> {
  const server = await startChildServer({
    DATABASE_URL: testDb?.url ?? "",
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, "no-web"),
    STORAGE: "disk",
  });
  running.push(server);
  return server;
}

const dav = (server: ChildServer, method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
  fetch(`${server.url}${url}`, { method, headers: { authorization: auth, ...headers }, body });

beforeAll(async () => {
  testDb = await createTestDatabase("drive_webdav_multi");
  if (!testDb) throw new Error("this file needs TEST_DATABASE_URL");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-webdav-multi-"));
  a = await start();
  b = await start();
  db = await openDb({ ...loadConfig({ DATA_DIR: dataDir }), databaseUrl: testDb.url });
  await db.query("INSERT INTO users (user_id, phone, name, user_name) VALUES (77, '+15550770001', 'W', 'w')");
  await ensureUserDefaults(db, 77);
  const created = await createApiKey(db, 77, { name: "dav", expiresAt: null });
  auth = `Basic ${Buffer.from(`w:${created?.key}`).toString("base64")}`;
  cookie = `${COOKIE_NAME}=${(await createSession(db, { userId: 77 })).token}`;
});

afterAll(async () => {
  for (const s of running) await s.stop();
  await db?.close();
  await testDb?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("WebDAV locks on two instances", () => {
  it("honours on one instance a lock taken through the other", async () => {
    expect((await dav(a, "PUT", "/webdav/shared.txt", {}, "v1")).status).toBe(201);
    const lock = await dav(a, "LOCK", "/webdav/shared.txt", { "content-type": "application/xml" }, LOCK_BODY);
    expect(lock.status).toBe(200);
    const token = lock.headers.get("lock-token") ?? "";
    expect(token).toMatch(/^<opaquelocktoken:/);

    expect((await dav(b, "PUT", "/webdav/shared.txt", {}, "v2")).status).toBe(423);
    expect((await dav(b, "LOCK", "/webdav/shared.txt", {}, LOCK_BODY)).status).toBe(423);
    const found = await dav(b, "PROPFIND", "/webdav/shared.txt", { depth: "0" });
    expect(await found.text()).toContain(token.slice(1, -1));
    expect((await dav(b, "PUT", "/webdav/shared.txt", { if: `(${token})` }, "v2")).status).toBe(204);
    expect(await (await dav(a, "GET", "/webdav/shared.txt")).text()).toBe("v2");

    expect((await dav(b, "UNLOCK", "/webdav/shared.txt", { "lock-token": token })).status).toBe(204);
    expect((await dav(a, "PUT", "/webdav/shared.txt", {}, "v3")).status).toBe(204);
  });
});

describe("WebDAV locks and the JSON API on two instances", () => {
  const api = (server: ChildServer, method: string, url: string, body?: object) =>
    fetch(`${server.url}/api${url}`, {
      method,
      headers: { cookie, ...(body && { "content-type": "application/json" }) },
      body: body && JSON.stringify(body),
    });
  async function idOf(name: string): Promise<string> {
    const list = (await (await api(a, "GET", "/files?path=/&limit=500")).json()) as {
      items: { id: string; name: string }[];
    };
    const item = list.items.find((f) => f.name === name);
    if (!item) throw new Error(`${name} is not listed`);
    return item.id;
  }

  it("refuses on one instance the API's changes to what a WebDAV client locked through the other, both ways", async () => {
    for (const [locker, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const name = `api-${locker === a ? "a" : "b"}.txt`;
      expect((await dav(locker, "PUT", `/webdav/${name}`, {}, "v1")).status).toBe(201);
      const id = await idOf(name);
      const lock = await dav(locker, "LOCK", `/webdav/${name}`, { "content-type": "application/xml" }, LOCK_BODY);
      expect(lock.status).toBe(200);
      const renamed = await api(other, "PATCH", `/files/${id}`, { name: `renamed-${name}` });
      expect(renamed.status).toBe(423);
      expect(((await renamed.json()) as { message: string }).message).toMatch(/locked by an app connected over WebDAV/);
      expect((await api(other, "POST", "/files/delete", { ids: [id] })).status).toBe(423);
      expect(
        (await dav(other, "UNLOCK", `/webdav/${name}`, { "lock-token": lock.headers.get("lock-token") ?? "" })).status,
      ).toBe(204);
      expect((await api(locker, "PATCH", `/files/${id}`, { name: `renamed-${name}` })).status).toBe(200);
      expect(await (await dav(other, "GET", `/webdav/renamed-${name}`)).text()).toBe("v1");
    }
  });
});
