import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { blake3 } from "@noble/hashes/blake3.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Blobs } from "../src/storage/blobs.js";
import { BlockHasher, HASH_BLOCK_SIZE } from "../src/uploads/block-hasher.js";
import { expireUploads } from "../src/uploads/cleanup.js";
import { createUser, jobsDone, startServer, type TestServer } from "./helpers.js";
import { partExists, storedBytes, storedParts } from "./storage-helpers.js";
import { createFile, sha256, storeFile, uploadParts } from "./upload-fixtures.js";

let server: TestServer;
let keyless: TestServer;

beforeAll(async () => {
  // One after the other: a PGlite booting beside a starting app can starve its plugin timers.
  server = await startServer({ ENCRYPTION_KEY: "uploads test key" });
  keyless = await startServer();
});
afterAll(async () => {
  await Promise.all([server?.close(), keyless?.close()]);
});

const blobsOf = (s: TestServer) => new Blobs(s.config);
const partQuery = (partNo: number | string = 1) => `partName=a.part.001&fileName=a&partNo=${partNo}`;

function tempFiles(dataDir: string): string[] {
  const root = path.join(dataDir, "channels");
  return fs.readdirSync(root).flatMap((c) => fs.readdirSync(path.join(root, c)).filter((n) => n.includes(".tmp-")));
}
const channelFiles = async (s: TestServer) => (await storedParts(s.config)).map((p) => p.name);
const stored = (s: TestServer, p: { channelId?: number; partId?: number } | undefined) =>
  storedBytes(blobsOf(s).store, { channelId: p?.channelId ?? 0, partId: p?.partId ?? 0 });
const exists = (s: TestServer, p: { channelId?: number; partId?: number } | undefined) =>
  partExists(s.config, { channelId: p?.channelId ?? 0, partId: p?.partId ?? 0 });

describe("POST /api/uploads/{id}", () => {
  it("stores a part and answers Teldrive's UploadPart", async () => {
    const { cookie, userId } = await createUser(server);
    const body = crypto.randomBytes(1000);
    const res = await server.app.inject({
      method: "POST",
      url: `/api/uploads/u1?${partQuery()}`,
      headers: { cookie, "content-type": "application/octet-stream" },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [channel] = await server.db.query<{ channel_id: number }>(
      "SELECT channel_id FROM channels WHERE user_id = $1 AND selected",
      [userId],
    );
    const part = res.json();
    expect(part).toEqual({
      name: "a.part.001",
      partId: expect.any(Number),
      partNo: 1,
      channelId: channel?.channel_id,
      size: 1000,
      encrypted: false,
      salt: "",
    });
    expect((await stored(server, part)).equals(body)).toBe(true);
  });

  it("encrypts with a per-part salt and records BLAKE3 block hashes of the plaintext", async () => {
    const { cookie, userId } = await createUser(server);
    const body = crypto.randomBytes(70_000);
    const [a, b] = await uploadParts(server, cookie, Buffer.concat([body, body]), {
      partSize: body.length,
      encrypted: true,
      uploadId: "enc",
    });
    expect(a?.encrypted).toBe(true);
    expect(a?.salt).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(b?.salt).not.toBe(a?.salt);
    // 34-byte header, one full sealed 64 KiB block and one partial block.
    expect(a?.size).toBe(34 + 65536 + 16 + (70_000 - 65536) + 16);
    const cipher = await stored(server, a);
    expect(cipher.subarray(0, 10).toString("latin1")).toBe("TELDRIVE\0\0");
    expect(cipher.includes(body.subarray(0, 64))).toBe(false);
    const [row] = await server.db.query<{ block_hashes: Uint8Array }>(
      "SELECT block_hashes FROM uploads WHERE user_id = $1 AND upload_id = 'enc' AND part_no = 1",
      [userId],
    );
    expect(Buffer.from(row?.block_hashes ?? []).equals(Buffer.from(blake3(body)))).toBe(true);
  });

  it("accepts any content type, including JSON, as the raw part body", async () => {
    const { cookie } = await createUser(server);
    for (const type of ["application/json", "text/plain", "multipart/form-data; boundary=x"]) {
      const res = await server.app.inject({
        method: "POST",
        url: `/api/uploads/types?${partQuery()}`,
        headers: { cookie, "content-type": type },
        payload: "{not json",
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      expect(res.json().size).toBe(9);
    }
    const untyped = await server.app.inject({
      method: "POST",
      url: `/api/uploads/types?${partQuery(2)}`,
      headers: { cookie },
      payload: Buffer.from("raw bytes"),
    });
    expect(untyped.statusCode, untyped.body).toBe(200);
    expect(untyped.json().size).toBe(9);
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const { cookie } = await createUser(server);
    const post = (url: string, headers: Record<string, string> = {}, payload: string | Buffer = "abc", s = server) =>
      s.app.inject({ method: "POST", url, headers: { cookie, ...headers }, payload });
    const cases = [
      post(`/api/uploads/bad?${partQuery(0)}`),
      post(`/api/uploads/bad?${partQuery("x")}`),
      post(`/api/uploads/bad?${partQuery(1.5)}`),
      post(`/api/uploads/bad?${partQuery()}&encrypted=maybe`),
      post(`/api/uploads/bad?${partQuery()}`, { "content-length": "10" }, "0123456789-and-more"),
      post(`/api/uploads/bad?${partQuery()}`, { "content-length": String(2 * 1024 ** 3 + 1) }),
    ];
    // A part without partName is Teldrive main's shape (named after the file): api-b.test.ts.
    const expected = [/partNo/, /partNo/, /partNo/, /encrypted/, /longer than Content-Length/, /too large/];
    for (const [i, res] of (await Promise.all(cases)).entries()) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: expect.stringMatching(expected[i] ?? /^$/) });
    }
    const keylessUser = await createUser(keyless);
    const enc = await keyless.app.inject({
      method: "POST",
      url: `/api/uploads/bad?${partQuery()}&encrypted=true`,
      headers: { cookie: keylessUser.cookie },
      payload: "abc",
    });
    expect(enc.statusCode).toBe(400);
    expect(enc.json()).toEqual({ code: 400, message: "encryption is not enabled" });
    const listed = await server.app.inject({ url: "/api/uploads/bad", headers: { cookie } });
    expect(listed.json()).toEqual([]);
    expect(await channelFiles(keyless)).toEqual([]);
  });

  it("/capabilities says whether encrypted uploads can work, so a client offers them only then", async () => {
    const withKey = await server.app.inject({ url: "/api/capabilities" });
    expect(withKey.json()).toMatchObject({ encryption: true });
    const withoutKey = await keyless.app.inject({ url: "/api/capabilities" });
    expect(withoutKey.json()).toMatchObject({ encryption: false });
  });

  it("needs a session, and only the user's own channels", async () => {
    const anon = await server.app.inject({ method: "POST", url: `/api/uploads/x?${partQuery()}`, payload: "abc" });
    expect(anon.statusCode).toBe(401);
    const alice = await createUser(server);
    const bob = await createUser(server);
    const [bobChannel] = await server.db.query<{ channel_id: number }>(
      "SELECT channel_id FROM channels WHERE user_id = $1",
      [bob.userId],
    );
    const res = await server.app.inject({
      method: "POST",
      url: `/api/uploads/x?${partQuery()}&channelId=${bobChannel?.channel_id}`,
      headers: { cookie: alice.cookie },
      payload: "abc",
    });
    expect(res.statusCode).toBe(404);
  });

  it("replaces a re-sent part and deletes the old part file", async () => {
    const { cookie } = await createUser(server);
    const [first] = await uploadParts(server, cookie, Buffer.from("first"), { partSize: 10, uploadId: "again" });
    const [second] = await uploadParts(server, cookie, Buffer.from("second!"), { partSize: 10, uploadId: "again" });
    expect(second?.partId).not.toBe(first?.partId);
    const listed = (await server.app.inject({ url: "/api/uploads/again", headers: { cookie } })).json();
    expect(listed).toEqual([second]);
    await jobsDone(server);
    expect(await exists(server, first)).toBe(false);
    expect((await stored(server, second)).toString()).toBe("second!");
  });
});

describe("part bodies over a real connection", () => {
  beforeAll(async () => {
    await keyless.app.listen({ port: 0, host: "127.0.0.1" });
  });

  it("stores nothing when the client disconnects mid-body", async () => {
    const { cookie } = await createUser(keyless);
    const { port } = keyless.app.server.address() as AddressInfo;
    const before = await channelFiles(keyless);
    let incoming: http.IncomingMessage | undefined;
    const onRequest = (r: http.IncomingMessage) => {
      incoming = r;
    };
    keyless.app.server.once("request", onRequest);
    const req = http.request({
      port,
      host: "127.0.0.1",
      method: "POST",
      path: `/api/uploads/cut?${partQuery()}`,
      headers: { cookie, "content-length": "200000", "content-type": "application/octet-stream" },
    });
    req.on("error", () => {});
    req.write(crypto.randomBytes(100_000));
    // The server has read the bytes sent (Node stops reading a request nobody consumes long before
    // 100 kB), so it is mid-body, writing to the store; then the client vanishes.
    await vi.waitFor(() => expect(incoming?.socket.bytesRead).toBeGreaterThan(100_000), { timeout: 120_000 });
    req.destroy();
    await vi.waitFor(async () => expect(await channelFiles(keyless)).toEqual(before), { timeout: 120_000 });
    // On disk the half-written temp file goes too.
    if (keyless.config.storage.kind === "disk")
      await vi.waitFor(() => expect(tempFiles(keyless.config.dataDir)).toEqual([]), { timeout: 120_000 });
    const listed = await keyless.app.inject({ url: "/api/uploads/cut", headers: { cookie } });
    expect(listed.json()).toEqual([]);
  });

  it("refuses a part whose channel is deleted while it is written: no 500, nothing stored or recorded", async () => {
    const user = await createUser(keyless);
    const { port } = keyless.app.server.address() as AddressInfo;
    const headers = { cookie: user.cookie };
    const made = await keyless.app.inject({
      method: "POST",
      url: "/api/users/channels",
      headers,
      payload: { channelName: "doomed" },
    });
    expect(made.statusCode).toBe(201);
    const channels = (await keyless.app.inject({ url: "/api/users/channels", headers })).json();
    const doomed = (channels as { channelId: number; channelName: string }[]).find((c) => c.channelName === "doomed");
    if (!doomed) throw new Error("no channel made");
    let incoming: http.IncomingMessage | undefined;
    keyless.app.server.once("request", (r: http.IncomingMessage) => {
      incoming = r;
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: `/api/uploads/doomed?${partQuery()}&channelId=${doomed.channelId}`,
          headers: { ...headers, "content-length": "200000", "content-type": "application/octet-stream" },
        },
        (res) => {
          let body = "";
          res.on("data", (d) => {
            body += d;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.write(crypto.randomBytes(100_000));
      // Mid-body, writing to the store: now the channel goes (nothing references it yet), then the rest arrives.
      vi.waitFor(() => expect(incoming?.socket.bytesRead).toBeGreaterThan(100_000), { timeout: 120_000 })
        .then(() => keyless.app.inject({ method: "DELETE", url: `/api/users/channels/${doomed.channelId}`, headers }))
        .then((deleted) => {
          expect(deleted.statusCode).toBe(204);
          req.end(crypto.randomBytes(100_000));
        })
        .catch(reject);
    });
    const { status, body } = await answer;
    expect({ status, body: JSON.parse(body) }).toEqual({
      status: 404,
      body: { code: 404, message: "channel not found" },
    });
    const listed = await keyless.app.inject({ url: "/api/uploads/doomed", headers });
    expect(listed.json()).toEqual([]);
    const file = await keyless.app.inject({
      method: "POST",
      url: "/api/files",
      headers,
      payload: { name: "doomed.bin", type: "file", path: "/", uploadId: "doomed" },
    });
    expect(file.statusCode).toBe(400);
    expect((await channelFiles(keyless)).filter((name) => name.startsWith(`${doomed.channelId}/`))).toEqual([]);
    expect(await blobsOf(keyless).channelExists(doomed.channelId)).toBe(false);
  });

  it("carries many parts over one keep-alive connection without piling up socket listeners", async () => {
    const { cookie } = await createUser(keyless);
    const { port } = keyless.app.server.address() as AddressInfo;
    const sockets: Socket[] = [];
    const onConnection = (socket: Socket) => sockets.push(socket);
    keyless.app.server.on("connection", onConnection);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const listeners: number[] = [];
    try {
      for (let no = 1; no <= 12; no++) {
        const status = await new Promise<number>((resolve, reject) => {
          const req = http.request(
            {
              agent,
              port,
              host: "127.0.0.1",
              method: "POST",
              path: `/api/uploads/keepalive?${partQuery(no)}`,
              headers: { cookie, "content-length": "100" },
            },
            (res) => {
              res.resume();
              res.on("end", () => resolve(res.statusCode ?? 0));
            },
          );
          req.on("error", reject);
          req.end(Buffer.alloc(100));
        });
        expect(status).toBe(200);
        listeners.push(sockets[0]?.listenerCount("timeout") ?? -1);
      }
    } finally {
      agent.destroy();
      keyless.app.server.off("connection", onConnection);
    }
    expect(sockets).toHaveLength(1);
    expect(new Set(listeners).size).toBe(1);
  });

  it("refuses a chunked body without Content-Length", async () => {
    const { cookie } = await createUser(keyless);
    const { port } = keyless.app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: `/api/uploads/chunked?${partQuery()}`,
          headers: { cookie, "transfer-encoding": "chunked", "content-type": "application/octet-stream" },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(Buffer.alloc(1000));
    });
    expect(status).toBe(400);
    const listed = await keyless.app.inject({ url: "/api/uploads/chunked", headers: { cookie } });
    expect(listed.json()).toEqual([]);
  });
});

describe("a file made of encrypted parts", () => {
  it("is refused at creation when a part's salt is wrong or missing, and reads back with the right ones", async () => {
    const user = await createUser(server);
    const data = crypto.randomBytes(2000);
    const [a, b] = await uploadParts(server, user.cookie, data, { partSize: 1000, encrypted: true });
    if (!a || !b) throw new Error("two parts expected");
    const make = (name: string, parts: { id: number; salt?: string }[]) =>
      server.app.inject({
        method: "POST",
        url: "/api/files",
        headers: { cookie: user.cookie },
        payload: { name, type: "file", path: "/", size: 2000, encrypted: true, channelId: a.channelId, parts },
      });
    const wrong = [
      [
        { id: a.partId, salt: b.salt },
        { id: b.partId, salt: b.salt },
      ],
      [{ id: a.partId, salt: a.salt }, { id: b.partId }],
      [
        { id: a.partId, salt: a.salt },
        { id: b.partId, salt: "" },
      ],
      [
        { id: a.partId, salt: a.salt.replace(/^./, (c) => (c === "A" ? "B" : "A")) },
        { id: b.partId, salt: b.salt },
      ],
    ];
    for (const [i, parts] of wrong.entries()) {
      const res = await make(`wrong ${i}.bin`, parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/salt/);
    }
    const listed = await server.app.inject({ url: "/api/files?path=/", headers: { cookie: user.cookie } });
    expect(listed.json().items).toEqual([]);

    const made = await make("right.bin", [
      { id: a.partId, salt: a.salt },
      { id: b.partId, salt: b.salt },
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const read = await server.app.inject({
      url: `/api/files/${made.json().id}/right.bin`,
      headers: { cookie: user.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(data)).toBe(true);
  });
});

describe("GET and DELETE /api/uploads/{id}", () => {
  it("lists the caller's parts in order for resume, and nobody else's", async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const data = crypto.randomBytes(3000);
    const parts = await uploadParts(server, alice.cookie, data, { partSize: 1000, uploadId: "resume" });
    const res = await server.app.inject({ url: "/api/uploads/resume", headers: { cookie: alice.cookie } });
    expect(res.json().map((p: { partNo: number }) => p.partNo)).toEqual([1, 2, 3]);
    expect(res.json()).toEqual(parts);
    const other = await server.app.inject({ url: "/api/uploads/resume", headers: { cookie: bob.cookie } });
    expect(other.json()).toEqual([]);
  });

  it("deletes rows and part files of an abandoned upload", async () => {
    const { cookie } = await createUser(server);
    const parts = await uploadParts(server, cookie, crypto.randomBytes(2500), { partSize: 1000, uploadId: "gone" });
    const res = await server.app.inject({ method: "DELETE", url: "/api/uploads/gone", headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect((await server.app.inject({ url: "/api/uploads/gone", headers: { cookie } })).json()).toEqual([]);
    await jobsDone(server);
    for (const p of parts) expect(await exists(server, p)).toBe(false);
  });

  it("keeps the part files a file was created from", async () => {
    const { cookie } = await createUser(server);
    const data = crypto.randomBytes(2500);
    const file = await storeFile(server, cookie, data, { partSize: 1000, name: "kept.bin" });
    const uploadIds = await server.db.query<{ upload_id: string }>("SELECT DISTINCT upload_id FROM uploads");
    for (const { upload_id } of uploadIds)
      await server.app.inject({ method: "DELETE", url: `/api/uploads/${upload_id}`, headers: { cookie } });
    await jobsDone(server);
    const content = await server.app.inject({ url: `/api/files/${file.id}/kept.bin`, headers: { cookie } });
    expect(content.statusCode).toBe(200);
    expect(sha256(content.rawPayload)).toBe(sha256(data));
  });
});

describe("uploading a file that exists (Teldrive 1.8.3's upsert)", () => {
  it("replaces the same-named file in place, keeps its id, and reclaims the replaced parts", async () => {
    const { cookie } = await createUser(server);
    const before = Buffer.from("the first version");
    const after = crypto.randomBytes(2500);
    const oldParts = await uploadParts(server, cookie, before, { partSize: 1000, uploadId: "first", name: "same.bin" });
    const first = await createFile(server, cookie, { name: "same.bin", parts: oldParts, size: before.length });
    // What Teldrive's own client sends when the same folder is uploaded again: no flag, just the same name.
    const newParts = await uploadParts(server, cookie, after, { partSize: 1000, uploadId: "second", name: "same.bin" });
    const again = await server.app.inject({
      method: "POST",
      url: "/api/files",
      headers: { cookie },
      payload: {
        name: "same.bin",
        type: "file",
        path: "/",
        size: after.length,
        mimeType: "application/octet-stream",
        channelId: newParts[0]?.channelId,
        parts: newParts.map((p) => ({ id: p.partId })),
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ id: first.id, name: "same.bin", size: after.length });
    // Replaced within the same second, it still shows a new time (clients version thumbnails by it).
    expect(Date.parse(again.json().updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
    const listed = await server.app.inject({ url: "/api/files?path=/", headers: { cookie } });
    expect(listed.json().items.map((f: { name: string }) => f.name)).toEqual(["same.bin"]);
    const content = await server.app.inject({ url: `/api/files/${first.id}/same.bin`, headers: { cookie } });
    expect(sha256(content.rawPayload)).toBe(sha256(after));
    for (const uploadId of ["first", "second"])
      await server.app.inject({ method: "DELETE", url: `/api/uploads/${uploadId}`, headers: { cookie } });
    await jobsDone(server);
    for (const p of oldParts) expect(await exists(server, p)).toBe(false);
    for (const p of newParts) expect(await exists(server, p)).toBe(true);
  });
});

describe("expired uploads", () => {
  it("are dropped with their part files after the retention, except parts a file uses", async () => {
    const { cookie, userId } = await createUser(server);
    const [abandoned] = await uploadParts(server, cookie, Buffer.from("abandoned"), { partSize: 100, uploadId: "old" });
    const data = Buffer.from("registered but upload rows never deleted");
    const stored = await uploadParts(server, cookie, data, { partSize: 100, uploadId: "kept" });
    const file = await createFile(server, cookie, { name: "kept.txt", parts: stored, size: data.length });
    const [fresh] = await uploadParts(server, cookie, Buffer.from("fresh"), { partSize: 100, uploadId: "new" });
    await server.db.query(
      "UPDATE uploads SET created_at = now() - interval '8 days' WHERE user_id = $1 AND upload_id IN ('old', 'kept')",
      [userId],
    );
    await expireUploads(server.db);
    await jobsDone(server);
    const ids = (
      await server.db.query<{ upload_id: string }>("SELECT upload_id FROM uploads WHERE user_id = $1", [userId])
    ).map((r) => r.upload_id);
    expect(ids).toEqual(["new"]);
    expect(await exists(server, abandoned)).toBe(false);
    expect(await exists(server, fresh)).toBe(true);
    const content = await server.app.inject({ url: `/api/files/${file.id}/kept.txt`, headers: { cookie } });
    expect(content.body).toBe(data.toString());
  });
});

describe("GET /api/uploads/stats", () => {
  it("has one entry per UTC day, oldest first, with today's uploads", async () => {
    const { cookie, userId } = await createUser(server);
    await storeFile(server, cookie, crypto.randomBytes(1234), { name: "today.bin" });
    const [root] = await server.db.query<{ id: string }>(
      "SELECT id FROM files WHERE user_id = $1 AND parent_id IS NULL",
      [userId],
    );
    await server.db.query(
      `INSERT INTO files (id, name, type, mime_type, size, user_id, parent_id, created_at)
       VALUES ($1, 'old.bin', 'file', 'application/octet-stream', 500, $2, $3, now() - interval '2 days'),
              ($4, 'dir', 'folder', 'drive/folder', 999, $2, $3, now())`,
      [crypto.randomUUID(), userId, root?.id, crypto.randomUUID()],
    );
    const res = await server.app.inject({ url: "/api/uploads/stats?days=3", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const day = (offset: number) =>
      `${new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`;
    expect(res.json()).toEqual([
      { uploadDate: day(2), totalUploaded: 500 },
      { uploadDate: day(1), totalUploaded: 0 },
      { uploadDate: day(0), totalUploaded: 1234 },
    ]);
    const year = await server.app.inject({ url: "/api/uploads/stats?days=366", headers: { cookie } });
    expect(year.json()).toHaveLength(366);
    for (const bad of ["0", "367", "x", ""]) {
      const r = await server.app.inject({ url: `/api/uploads/stats?days=${bad}`, headers: { cookie } });
      expect(r.statusCode, bad).toBe(400);
    }
  });
});

describe("BlockHasher", () => {
  it("passes bytes through and hashes every 16 MiB block separately", async () => {
    const data = crypto.randomBytes(HASH_BLOCK_SIZE + 1000);
    const hasher = await BlockHasher.create();
    const chunks = [
      data.subarray(0, 12_345),
      data.subarray(12_345, HASH_BLOCK_SIZE + 7),
      data.subarray(HASH_BLOCK_SIZE + 7),
    ];
    const out = await buffer(Readable.from(chunks).pipe(hasher));
    expect(out.equals(data)).toBe(true);
    const expected = Buffer.concat([blake3(data.subarray(0, HASH_BLOCK_SIZE)), blake3(data.subarray(HASH_BLOCK_SIZE))]);
    expect(hasher.blockHashes().equals(expected)).toBe(true);
  });
});
