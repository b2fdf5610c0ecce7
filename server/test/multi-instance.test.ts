import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Config } from "../src/config.js";
import { loadConfig } from "../src/config.js";
import { openThumbnailStore } from "../src/thumbnails/cache.js";
import type { ThumbnailStore } from "../src/thumbnails/cache-store.js";
import { type ChildServer, startChildServer } from "./child-server.js";
import { EventStreamClient } from "./event-stream-client.js";
import { createTestDatabase } from "./helpers.js";
import { cookieFrom, SocketReader, signin, wrongCode } from "./sign-in.js";
import { createTestBucket, partExists, removeStored, s3Client } from "./storage-helpers.js";
import { sha256 } from "./upload-fixtures.js";

/**
 * Several server instances, one drive: real server processes on one PostgreSQL database (TEST_DATABASE_URL) and
 * one part store, as behind a load balancer that may send each request anywhere. The store is a fresh bucket on
 * the test S3 endpoint (the Ceph suite), or else one data folder all instances share. PGlite is one process's
 * database, so this file runs only in the PostgreSQL suites (vitest.config.ts).
 */

const MiB = 1024 * 1024;
const KEY = "multi-instance test key";
const PHONE = "+15550230001";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let bucket: Awaited<ReturnType<typeof createTestBucket>>;
let sharedDataDir = "";
let pool: pg.Pool;
/** The configuration the instances share, for reading their store from here. */
let storeConfig: Config;
/** The thumbnail cache the instances share (the bucket, or the shared data folder), read from here. */
let thumbnailStore: ThumbnailStore;
const running: ChildServer[] = [];
type Instance = ChildServer & { id: number };
let a: Instance;
let b: Instance;
let cookie = "";

/** One more server instance on the shared database and store. */
async function startInstance(): Promise<Instance> {
  // With S3 nothing of the drive is on an instance's disk: give each its own folder to prove it.
  const dataDir = bucket ? fs.mkdtempSync(path.join(os.tmpdir(), "drive-multi-")) : sharedDataDir;
  const server = await startChildServer({
    DATABASE_URL: testDb?.url ?? "",
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: KEY,
    WEB_DIST: path.join(dataDir, "no-web"),
    STORAGE: "disk",
    // The default sign-in limits, and X-Forwarded-For from here, so each test's requests come from their own address.
    TRUST_PROXY: "127.0.0.1",
    SIGN_IN_CODES_PER_ADDRESS: "",
    SIGN_IN_WRONG_CODES_PER_ADDRESS: "",
    ...bucket?.env,
  });
  running.push(server);
  const [, id] = await server.waitFor(/instance (\d+)\)/);
  return { ...server, id: Number(id) };
}

async function call(server: ChildServer, method: string, url: string, body?: unknown, headers = {}) {
  return fetch(`${server.url}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function openSocket(server: ChildServer, address?: string): Promise<SocketReader> {
  const ws = new WebSocket(`${server.url.replace("http", "ws")}/api/auth/ws`, {
    headers: address ? { "x-forwarded-for": address } : {},
  });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  return new SocketReader(ws);
}

/** Asks `server` for a code for `phone` over `socket`; returns the phoneCodeHash and the code it printed. */
async function requestCode(server: ChildServer, socket: SocketReader, phone: string) {
  const from = server.output().length;
  const sent = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone });
  const phoneCodeHash = (sent.payload as { phoneCodeHash?: string } | undefined)?.phoneCodeHash;
  if (!phoneCodeHash) throw new Error(`sendcode failed: ${JSON.stringify(sent)}`);
  const [, code] = await server.waitFor(new RegExp(`login code for \\${phone}: (\\d{8})`), from);
  return { phoneCodeHash, code: code as string };
}

async function uploadPart(
  server: ChildServer,
  uploadId: string,
  partNo: number,
  bytes: Buffer,
): Promise<{ partId: number; channelId: number; salt: string }> {
  const query = new URLSearchParams({
    partName: `big.bin.part.${partNo}`,
    fileName: "big.bin",
    partNo: String(partNo),
    encrypted: "true",
  });
  const res = await fetch(`${server.url}/api/uploads/${uploadId}?${query}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/octet-stream" },
    body: bytes,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<{ partId: number; channelId: number; salt: string }>;
}

/** Registers an upload's parts, as listed by `server`, as a file in the root folder. */
async function finishUpload(server: ChildServer, uploadId: string, name: string, size: number): Promise<string> {
  const listed = (await (await call(server, "GET", `/api/uploads/${uploadId}`)).json()) as {
    partId: number;
    partNo: number;
    channelId: number;
    salt: string;
  }[];
  const res = await call(server, "POST", "/api/files", {
    name,
    type: "file",
    path: "/",
    size,
    mimeType: "application/octet-stream",
    encrypted: true,
    channelId: listed[0]?.channelId,
    parts: listed.map((p) => ({ id: p.partId, salt: p.salt })),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  await call(server, "DELETE", `/api/uploads/${uploadId}`);
  return ((await res.json()) as { id: string }).id;
}

async function download(server: ChildServer, id: string, range?: string): Promise<Buffer> {
  const res = await fetch(`${server.url}/api/files/${id}/big.bin`, {
    headers: { cookie, ...(range ? { range } : {}) },
  });
  expect(res.status).toBe(range ? 206 : 200);
  return Buffer.from(await res.arrayBuffer());
}

/** Polls the shared database until `check` holds: waiting on a condition, never on a time. */
async function until<T>(what: string, check: () => Promise<T | undefined | false>): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > 120_000) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase("drive_multi");
  bucket = await createTestBucket();
  sharedDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-multi-shared-"));
  storeConfig = { ...loadConfig({ DATA_DIR: sharedDataDir, STORAGE: "disk", ...bucket?.env }) };
  pool = new pg.Pool({ connectionString: testDb?.url, max: 3 });
  thumbnailStore = openThumbnailStore(storeConfig);
  a = await startInstance();
  b = await startInstance();
});

afterAll(async () => {
  for (const server of running) await server.stop();
  thumbnailStore?.close();
  await pool?.end();
  await testDb?.drop();
  await bucket?.drop();
  fs.rmSync(sharedDataDir, { recursive: true, force: true });
});

describe("two instances on one database and one store", () => {
  it("signs in with a code sent by one instance and checked by the other; the session works on both", async () => {
    const onA = await openSocket(a);
    const { phoneCodeHash, code } = await requestCode(a, onA, PHONE);
    onA.ws.close();
    // The connection to A broke: the client goes on through B with the same code.
    const onB = await openSocket(b);
    const answer = await onB.ask(signin(PHONE, code, phoneCodeHash));
    onB.ws.close();
    expect(answer).toMatchObject({ type: "auth", message: "success" });
    // The session it hands out is redeemed on A.
    const login = await call(a, "POST", "/api/auth/login", answer.payload);
    expect(login.status).toBe(204);
    cookie = cookieFrom(login.headers.getSetCookie());
    // Redeemed once, on any instance.
    expect((await call(b, "POST", "/api/auth/login", answer.payload)).status).toBe(401);
    for (const server of [a, b]) {
      const session = await call(server, "GET", "/api/auth/session");
      expect(session.status).toBe(200);
      expect(await session.json()).toMatchObject({ userName: PHONE.slice(1) });
    }
  });

  it("counts wrong codes over both instances: the fifth ends the code wherever it comes in", async () => {
    const phone = "+15550230002";
    const onA = await openSocket(a);
    const onB = await openSocket(b);
    const { phoneCodeHash, code } = await requestCode(a, onA, phone);
    for (const socket of [onA, onB, onA, onB])
      expect(await socket.ask(signin(phone, wrongCode(code), phoneCodeHash))).toEqual({
        type: "auth",
        message: "PHONE_CODE_INVALID",
      });
    expect(await onB.ask(signin(phone, wrongCode(code), phoneCodeHash))).toEqual({
      type: "error",
      message: "too many wrong codes; request a new code",
    });
    expect(await onA.ask(signin(phone, code, phoneCodeHash))).toEqual({
      type: "error",
      message: "no code was sent for this phone number; request a new code",
    });
    onA.ws.close();
    onB.ws.close();
  });

  it("limits code requests per number and address over both instances", async () => {
    const phone = "+15550230003";
    const asks: string[] = [];
    for (const server of [a, b, a, b, a, b]) {
      const socket = await openSocket(server);
      const answer = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone });
      asks.push(answer.type === "auth" ? "code" : String(answer.message));
      socket.ws.close();
    }
    expect(asks).toEqual([...Array(5).fill("code"), "too many codes requested for this number; try again later"]);
  });

  it("limits an address's code requests over all numbers, and its wrong codes, over both instances", async () => {
    const address = "203.0.113.40";
    const answers: string[] = [];
    for (let i = 0; i < 21; i++) {
      const socket = await openSocket(i % 2 ? b : a, address);
      const answer = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: `+1555023${1000 + i}` });
      answers.push(answer.type === "auth" ? "code" : String(answer.message));
      socket.ws.close();
    }
    expect(answers).toEqual([
      ...Array(20).fill("code"),
      "too many codes requested from your address (203.0.113.40); try again in an hour",
    ]);

    const guesser = "203.0.113.41";
    const onA = await openSocket(a, guesser);
    const onB = await openSocket(b, guesser);
    const results: string[] = [];
    for (const phone of ["+15550232001", "+15550232002", "+15550232003"]) {
      const { phoneCodeHash, code } = await requestCode(a, onA, phone);
      for (let i = 0; i < 4; i++) {
        const answer = await (i % 2 ? onB : onA).ask(signin(phone, wrongCode(code), phoneCodeHash));
        results.push(String(answer.message));
      }
    }
    expect(results.slice(0, 10)).toEqual(Array(10).fill("PHONE_CODE_INVALID"));
    expect(results.slice(10)).toEqual(
      Array(2).fill("too many wrong codes from your address (203.0.113.41) today; try again tomorrow"),
    );
    onA.ws.close();
    onB.ws.close();
  });

  it("signs in through an attempt whose steps reach both instances; a refresh token replayed on the other is refused", async () => {
    const phone = "+15550230004";
    const headers = { "x-forwarded-for": "203.0.113.42", "content-type": "application/json" };
    const post = (server: ChildServer, url: string, body?: unknown, extra: Record<string, string> = {}) =>
      fetch(`${server.url}${url}`, {
        method: "POST",
        headers: { ...headers, ...extra },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const from = a.output().length;
    const created = await post(a, "/api/auth/attempts", { authType: "phone", phoneNo: phone });
    expect(created.status).toBe(201);
    const attempt = (await created.json()) as { id: string; phoneCodeHash: string };
    const [, code] = await a.waitFor(new RegExp(`login code for \\${phone}: (\\d{8})`), from);
    const step = await post(b, `/api/auth/attempts/${attempt.id}/phone/sign-in`, {
      phoneNo: phone,
      phoneCode: code,
      phoneCodeHash: attempt.phoneCodeHash,
    });
    expect(step.status).toBe(204);
    const done = (await (await fetch(`${a.url}/api/auth/attempts/${attempt.id}`)).json()) as {
      state: string;
      session: unknown;
    };
    expect(done.state).toBe("authenticated");
    const login = await post(b, "/api/auth/login", done.session);
    expect(login.status).toBe(204);
    const refresh = /refresh_token=[^;]+/.exec(login.headers.getSetCookie().join("\n"))?.[0] ?? "";
    expect(refresh).not.toBe("");
    const rotated = await post(a, "/api/auth/refresh", undefined, { cookie: refresh });
    expect(rotated.status).toBe(204);
    const replayed = await post(b, "/api/auth/refresh", undefined, { cookie: refresh });
    expect(replayed.status).toBe(401);
    const access = cookieFrom(rotated.headers.getSetCookie());
    // The replay ended the session on every instance.
    expect((await fetch(`${a.url}/api/users/config`, { headers: { cookie: access } })).status).toBe(401);
  });

  it("refuses an API key on one instance as soon as the other revoked it", async () => {
    const created = await call(a, "POST", "/api/users/api-keys", { name: "both instances" });
    expect(created.status).toBe(201);
    const { id, key } = (await created.json()) as { id: string; key: string };
    const onB = () => fetch(`${b.url}/api/users/config`, { headers: { "x-api-key": key } });
    expect((await onB()).status).toBe(200);
    expect((await call(a, "DELETE", `/api/users/api-keys/${id}`)).status).toBe(204);
    const refused = await onB();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: 401, message: "API key revoked" });
  });

  it("streams a change written through one instance to a subscriber of the other, and resumes there", async () => {
    const onB = await EventStreamClient.open(b.url, { cookie });
    try {
      expect(onB.status).toBe(200);
      expect((await call(a, "POST", "/api/files/mkdir", { path: "/Made on A" })).status).toBe(204);
      await onB.waitFor((e) => e.type === "files.created" && e.source?.name === "Made on A");
      const lastId = onB.lastId() ?? "";
      onB.close();
      expect((await call(b, "POST", "/api/files/mkdir", { path: "/Made on B" })).status).toBe(204);
      // The position from B's stream resumes on A: one change log for every instance.
      const onA = await EventStreamClient.open(a.url, { cookie, "last-event-id": lastId });
      try {
        await onA.waitFor((e) => e.type === "files.created" && e.source?.name === "Made on B");
        expect(onA.events().map((e) => e.source?.name)).toEqual(["Made on B"]);
      } finally {
        onA.close();
      }
    } finally {
      onB.close();
    }
  });

  it("takes the parts of one upload alternately on both instances; either serves the file byte-identical", async () => {
    const data = crypto.randomBytes(3 * MiB + 123_457);
    const uploadId = crypto.randomUUID();
    const servers = [a, b, a, b];
    for (const [i, server] of servers.entries())
      await uploadPart(server, uploadId, i + 1, data.subarray(i * MiB, (i + 1) * MiB));
    const id = await finishUpload(a, uploadId, "big.bin", data.length);
    expect(sha256(await download(b, id))).toBe(sha256(data));
    expect(sha256(await download(a, id))).toBe(sha256(data));
    // A range across a part boundary, read by the instance that stored neither part.
    const range = await download(b, id, `bytes=${MiB - 1000}-${MiB + 999}`);
    expect(range.equals(data.subarray(MiB - 1000, MiB + 1000))).toBe(true);
  });

  it("serves a thumbnail rendered through one instance from the other, sealed in the shared store", async () => {
    const id = await finishUploadOf(await photo("#1565c0"));
    const fromA = await call(a, "GET", `/api/thumbnails/${id}?w=360`);
    expect(fromA.status).toBe(200);
    const webp = Buffer.from(await fromA.arrayBuffer());
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width: 360 });

    // The file is encrypted: its one entry is sealed, with nothing of the WebP in clear.
    const [entry, ...more] = await thumbnailStore.entriesOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatch(/\.360\.webp\.sealed$/);
    const stored = await thumbnailStore.read(entry as string);
    expect(stored?.length).toBeGreaterThan(0);
    expect(stored?.subarray(0, 4).toString("latin1")).not.toBe("RIFF");
    expect(stored?.includes("WEBP")).toBe(false);
    expect(stored?.includes(webp.subarray(webp.length - 64))).toBe(false);
    expect(thumbnailStore.kind).toBe(bucket ? "s3" : "disk");
    if (bucket) {
      // In the bucket the parts share, under its own folder, beside channels/ and never inside it.
      const client = s3Client(bucket.env);
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: bucket.env.S3_BUCKET, Prefix: "thumbnails/" }),
      );
      client.destroy();
      expect(listed.Contents?.map((c) => c.Key)).toEqual([`thumbnails/${id.slice(0, 2)}/${entry}`]);
    }

    // The picture's parts go: no instance can render it any more, so what B answers comes from the shared cache.
    for (const part of await partsOf(id))
      await removeStored(storeConfig, { channelId: part.channel_id, partId: part.id });
    const fromB = await call(b, "GET", `/api/thumbnails/${id}?w=360`);
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(webp)).toBe(true);
    expect(fromB.headers.get("etag")).toBe(fromA.headers.get("etag"));
    // The width nobody rendered cannot be made now.
    expect((await call(b, "GET", `/api/thumbnails/${id}?w=720`)).status).not.toBe(200);
  });

  it("prunes stale thumbnails rendered by either instance in one run of the job on one instance", async () => {
    const [goneA, goneB, kept, touched] = [
      await finishUploadOf(await photo("#e53935")),
      await finishUploadOf(await photo("#43a047")),
      await finishUploadOf(await photo("#fdd835")),
      await finishUploadOf(await photo("#8e24aa")),
    ];
    for (const [server, id] of [
      [a, goneA],
      [b, goneB],
      [b, kept],
      [a, touched],
    ] as const)
      expect((await call(server, "GET", `/api/thumbnails/${id}?w=360`)).status).toBe(200);
    const keptEntries = await thumbnailStore.entriesOf(kept);
    const [oldVersion] = await thumbnailStore.entriesOf(touched);
    expect(keptEntries).toHaveLength(1);
    expect(oldVersion).toBeDefined();
    expect((await call(a, "POST", "/api/files/delete", { ids: [goneA] })).status).toBe(204);
    expect((await call(b, "POST", "/api/files/delete", { ids: [goneB] })).status).toBe(204);
    // A client sets a new modification time: a new version, whose picture nobody has asked for yet.
    expect((await call(b, "PATCH", `/api/files/${touched}`, { updatedAt: "2031-05-06T07:08:09.000Z" })).status).toBe(
      200,
    );

    await pool.query("UPDATE jobs SET run_at = now() WHERE key = 'prune-thumbnails'");
    const { rows } = await until("the prune job to run and be due again tomorrow", async () => {
      const result = await pool.query<{ claimed_by: number }>(
        "SELECT claimed_by FROM jobs WHERE key = 'prune-thumbnails' AND run_at > now() + interval '23 hours'",
      );
      return result.rowCount ? result : undefined;
    });
    expect([a.id, b.id]).toContain(rows[0]?.claimed_by);
    expect(await thumbnailStore.entriesOf(goneA)).toEqual([]);
    expect(await thumbnailStore.entriesOf(goneB)).toEqual([]);
    expect(await thumbnailStore.entriesOf(touched)).toEqual([]);
    expect(await thumbnailStore.entriesOf(kept)).toEqual(keptEntries);
  });

  it("dates undated pictures in one pass whose runs the shared queue hands to either instance (backfill-taken-at)", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const jpeg = await sharp(await photo("#26a69a"))
        .withExif({ IFD0: { Make: "Test" }, IFD2: { DateTimeOriginal: `200${i}:01:02 03:04:05` } })
        .jpeg()
        .toBuffer();
      const uploadId = crypto.randomUUID();
      await uploadPart(a, uploadId, 1, jpeg);
      ids.push(await finishUpload(a, uploadId, `dated-${i}.jpg`, jpeg.length));
    }
    // A pass from the start, as after the upgrade that added it (the one queued at start may be over by now).
    await pool.query("UPDATE taken_at_backfill SET after_id = NULL, done_at = NULL");
    await pool.query(
      `INSERT INTO jobs (kind, key, payload) VALUES ('backfill-taken-at', 'backfill-taken-at', '{}')
       ON CONFLICT (key) DO UPDATE SET run_at = now()`,
    );
    const claimedBy = new Set<number>();
    await until("the pass to end", async () => {
      // Each run waits 10 s for the next: the test has it due at once.
      const { rows } = await pool.query<{ claimed_by: number | null }>(
        "UPDATE jobs SET run_at = now() WHERE key = 'backfill-taken-at' RETURNING claimed_by",
      );
      for (const row of rows) if (row.claimed_by !== null) claimedBy.add(row.claimed_by);
      const state = await pool.query<{ done_at: Date | null }>("SELECT done_at FROM taken_at_backfill");
      return state.rows[0]?.done_at ?? undefined;
    });
    for (const id of claimedBy) expect([a.id, b.id]).toContain(id);
    const { rows } = await pool.query<{ id: string; taken_at: Date }>(
      "SELECT id::text AS id, taken_at FROM files WHERE id = ANY($1::uuid[])",
      [ids],
    );
    expect(new Map(rows.map((r) => [r.id, r.taken_at?.toISOString()]))).toEqual(
      new Map(ids.map((id, i) => [id, `200${i}-01-02T03:04:05.000Z`])),
    );
    const one = (await (await call(b, "GET", `/api/files/${ids[3]}`)).json()) as { takenAt?: string };
    expect(one.takenAt).toBe("2003-01-02T03:04:05Z");
  });

  it("locks an address out of a share on every instance after five wrong passwords on one", async () => {
    const id = await finishUploadOf(Buffer.from("shared with a password"));
    expect((await call(a, "POST", `/api/files/${id}/share`, { password: "open sesame" })).status).toBe(201);
    const { id: shareId } = (await (await call(a, "GET", `/api/files/${id}/share`)).json()) as { id: string };
    const unlock = (server: ChildServer, password: string) =>
      call(server, "POST", `/api/shares/${shareId}/unlock`, { password }, { cookie: "" });
    expect((await unlock(b, "open sesame")).status).toBe(204);
    for (let i = 0; i < 5; i++) expect((await unlock(a, `guess ${i}`)).status).toBe(401);
    const locked = await unlock(b, "open sesame");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(500);
    const listing = await fetch(`${b.url}/api/shares/${shareId}/files`, {
      headers: { authorization: `Basic ${Buffer.from(":open sesame").toString("base64")}` },
    });
    expect(listing.status).toBe(429);
  });

  it("limits wrong passwords on a file request per address and per request over both instances", async () => {
    const folder = await call(a, "POST", "/api/files", { name: "Requests", type: "folder", path: "/" });
    expect(folder.status).toBe(201);
    const { id: folderId } = (await folder.json()) as { id: string };
    const made = await call(a, "POST", "/api/file-requests", { folderId, password: "open sesame" });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const unlock = (server: ChildServer, password: string, address: string) =>
      call(server, "POST", `/api/file-requests/${id}/unlock`, { password }, { cookie: "", "x-forwarded-for": address });

    for (let i = 0; i < 5; i++) expect((await unlock(a, `guess ${i}`, "10.6.0.1")).status).toBe(401);
    const own = await unlock(b, "open sesame", "10.6.0.1");
    expect(own.status).toBe(429);
    expect(Number(own.headers.get("retry-after"))).toBeGreaterThan(500);

    // Four guesses per address, alternating instances: the request's own limit refuses one within a few past 20.
    let refused: Response | undefined;
    let guesses = 0;
    while (!refused && guesses < 40) {
      const res = await unlock(guesses % 2 ? b : a, `guess ${guesses}`, `10.6.${1 + Math.floor(guesses / 4)}.9`);
      guesses++;
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(401);
    }
    expect(guesses).toBeGreaterThan(15);
    if (!refused) throw new Error("40 wrong passwords from ten addresses were never refused");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many wrong passwords were tried for this file request, so it takes none for now\. Try again in \d+ (seconds?|minutes)\.$/,
    );

    // The hour passes (moved back, not waited for): the right password from a new address opens it on either.
    await pool.query("UPDATE share_password_failures SET at = at - interval '2 hours' WHERE share_id = $1", [id]);
    expect((await unlock(b, "open sesame", "10.6.200.1")).status).toBe(204);
  });

  it("finishes an upload through one instance after the other was killed in the middle of a part", async () => {
    const doomed = await startInstance();
    const data = crypto.randomBytes(2 * MiB + 4321);
    const uploadId = crypto.randomUUID();
    await uploadPart(doomed, uploadId, 1, data.subarray(0, MiB));
    // Part 2 is on its way to the doomed instance when it dies: half its body sent, the rest never.
    const half = await new Promise<http.ClientRequest>((resolve, reject) => {
      const req = http.request(`${doomed.url}/api/uploads/${uploadId}?partName=p2&fileName=big.bin&partNo=2`, {
        method: "POST",
        headers: { cookie, "content-type": "application/octet-stream", "content-length": String(MiB) },
      });
      req.on("error", () => {});
      req.write(data.subarray(MiB, MiB + MiB / 2), (err) => (err ? reject(err) : resolve(req)));
    });
    await doomed.kill("SIGKILL");
    half.destroy();
    // The client sends part 2 again, and part 3, to the instance still up, which knows part 1.
    await uploadPart(b, uploadId, 2, data.subarray(MiB, 2 * MiB));
    await uploadPart(b, uploadId, 3, data.subarray(2 * MiB));
    const id = await finishUpload(b, uploadId, "resumed.bin", data.length);
    expect(sha256(await download(a, id))).toBe(sha256(data));
  });

  it("runs a background job on exactly one instance, and the other takes it over when that one is killed", async () => {
    const target = await finishUploadOf(crypto.randomBytes(1000));
    const other = await finishUploadOf(crypto.randomBytes(1000));
    const [part] = await partsOf(target);
    const [otherPart] = await partsOf(other);
    if (!part || !otherPart) throw new Error("the files have no parts");
    // Finishing the uploads queued reclaim checks of these parts (they stay: the files use them); let them end.
    await until(
      "the upload clean-ups to finish",
      async () => !(await reclaimJob(part.id)) && !(await reclaimJob(otherPart.id)),
    );
    // The test holds the part's row: the reclaim job that deletes it stops there, holding its lease.
    const holder = await pool.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT id FROM parts WHERE id = $1 FOR UPDATE", [part.id]);
    try {
      expect((await call(a, "POST", "/api/files/delete", { ids: [target] })).status).toBe(204);
      expect((await call(a, "POST", "/api/trash/delete", { ids: [target] })).status).toBe(204);
      const first = await until("the reclaim job to be claimed and waiting", async () => {
        const job = await reclaimJob(part.id);
        return job?.claimed_by && (await waitersOnParts()) > 0 ? job : undefined;
      });
      const runner = [a, b].find((s) => s.id === first.claimed_by);
      const spare = [a, b].find((s) => s.id !== first.claimed_by);
      if (!runner || !spare) throw new Error(`job claimed by instance ${first.claimed_by}, not by A or B`);
      // The other instance works through the queue meanwhile (a job of its own) and leaves the held one alone.
      expect((await call(spare, "POST", "/api/files/delete", { ids: [other] })).status).toBe(204);
      expect((await call(spare, "POST", "/api/trash/delete", { ids: [other] })).status).toBe(204);
      await until("the other job to finish", async () => !(await reclaimJob(otherPart.id)));
      expect((await reclaimJob(part.id))?.claimed_by).toBe(runner.id);
      expect(await waitersOnParts()).toBe(1);

      // The instance running it dies with its lease running: the other one takes the job over.
      await runner.kill("SIGKILL");
      await call(spare, "DELETE", `/api/uploads/${crypto.randomUUID()}`);
      await until(
        "the other instance to claim the job",
        async () => (await reclaimJob(part.id))?.claimed_by === spare.id,
      );
    } finally {
      await holder.query("ROLLBACK");
      holder.release();
    }
    await until("the job to finish", async () => !(await reclaimJob(part.id)));
    expect((await pool.query("SELECT 1 FROM parts WHERE id = $1", [part.id])).rowCount).toBe(0);
    expect(await partExists(storeConfig, { channelId: part.channel_id, partId: part.id })).toBe(false);
    expect(await partExists(storeConfig, { channelId: otherPart.channel_id, partId: otherPart.id })).toBe(false);
  });
});

/** A JPEG of 800 × 600 in one colour with a white disc. */
function photo(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="100%" height="100%" fill="${colour}"/><circle cx="400" cy="300" r="200" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Uploads `data` in one part through A and registers it as a file with a fresh name. */
async function finishUploadOf(data: Buffer): Promise<string> {
  const uploadId = crypto.randomUUID();
  await uploadPart(a, uploadId, 1, data);
  return finishUpload(a, uploadId, `file-${uploadId}.bin`, data.length);
}

async function partsOf(fileId: string): Promise<{ id: number; channel_id: number }[]> {
  const { rows } = await pool.query<{ id: string; channel_id: string }>(
    `SELECT (p ->> 'id')::bigint AS id, f.channel_id FROM files f, jsonb_array_elements(f.parts) p WHERE f.id = $1`,
    [fileId],
  );
  return rows.map((r) => ({ id: Number(r.id), channel_id: Number(r.channel_id) }));
}

async function reclaimJob(partId: number): Promise<{ claimed_by: number; lease_until: Date } | undefined> {
  const { rows } = await pool.query<{ claimed_by: number; lease_until: Date }>(
    `SELECT claimed_by, lease_until FROM jobs
     WHERE kind = 'reclaim-parts' AND payload -> 'parts' @> jsonb_build_array(jsonb_build_array($1::bigint))`,
    [partId],
  );
  return rows[0];
}

/** Server connections waiting for the lock this test holds on a part's row. */
async function waitersOnParts(): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
       AND query LIKE '%FROM parts WHERE id = ANY%FOR UPDATE%'`,
  );
  return Number(rows[0]?.n ?? 0);
}
