import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { type ContentFile, ownedContentFile } from "../src/content/send-file.js";
import type { HttpError } from "../src/http/errors.js";
import { Blobs } from "../src/storage/blobs.js";
import { openThumbnailCache, ThumbnailCache, versionOf } from "../src/thumbnails/cache.js";
import { DiskThumbnailStore } from "../src/thumbnails/cache-store.js";
import { pruneThumbnails } from "../src/thumbnails/prune.js";
import { DEFAULT_LIMITS } from "../src/thumbnails/render.js";
import { Thumbnails } from "../src/thumbnails/routes.js";
import { S3ThumbnailStore } from "../src/thumbnails/s3-cache-store.js";
import { createUser, jobsDone, startServer, type TestServer } from "./helpers.js";
import { partExists, removeStored, storeStray } from "./storage-helpers.js";
import { storeFile } from "./upload-fixtures.js";

/** The server's thumbnail cache, read from here: DATA_DIR/thumbnails, or the test bucket in the Ceph suite. */
let cache: ThumbnailCache;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ENCRYPTION_KEY: "thumbnail test key" });
  cache = openThumbnailCache(server.config);
});
afterAll(async () => {
  cache?.store.close();
  await server?.close();
});

/** A real picture with detail in it (a gradient and a disc), so every encoder has work to do. */
async function picture(width: number, height: number, format: "png" | "jpeg"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g"><stop offset="0" stop-color="#1565c0"/><stop offset="1" stop-color="#ffb300"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#e53935"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** Stores a picture as `name` with the image type its extension names. */
const storePicture = (
  cookie: string,
  name: string,
  data: Buffer,
  opts: { encrypted?: boolean; partSize?: number } = {},
) => storeFile(server, cookie, data, { name, mimeType: name.endsWith(".png") ? "image/png" : "image/jpeg", ...opts });

const thumb = (id: string, w: string | number, headers: Record<string, string>) =>
  server.app.inject({ url: `/api/thumbnails/${id}?w=${w}`, headers });

/** The names of a file's cache entries, wherever the server keeps them. */
const cacheEntriesOf = async (id: string) => (await cache.store.entriesOf(id)).sort();

/** Removes a file's parts from the store behind the server's back: from then on only the cache can answer for it. */
async function removeSource(id: string): Promise<void> {
  const [row] = await server.db.query<{ channel_id: number; parts: { id: number }[] }>(
    "SELECT channel_id, parts FROM files WHERE id = $1",
    [id],
  );
  for (const part of row?.parts ?? []) {
    const ref = { channelId: Number(row?.channel_id), partId: part.id };
    await removeStored(server.config, ref);
    expect(await partExists(server.config, ref)).toBe(false);
  }
}

describe("GET /api/thumbnails/{id}", () => {
  it("renders PNG and JPEG images as WebP of the asked width, keeping the aspect ratio", async () => {
    const { cookie } = await createUser(server);
    const png = await storePicture(cookie, "wide.png", await picture(1500, 1000, "png"));
    const jpeg = await storePicture(cookie, "tall.jpg", await picture(1200, 1600, "jpeg"));
    for (const [file, w, h] of [
      [png, 360, 240],
      [png, 720, 480],
      [jpeg, 360, 480],
      [jpeg, 720, 960],
    ] as const) {
      const res = await thumb(file.id, w, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["cache-control"]).toBe("private, max-age=86400");
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width: w, height: h });
    }
  });

  it("answers 304 to its strong ETag and serves a second request from the cache without rendering again", async () => {
    const { cookie } = await createUser(server);
    const file = await storePicture(cookie, "a.png", await picture(900, 600, "png"));
    const first = await thumb(file.id, 360, { cookie });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const cached = await cacheEntriesOf(file.id);
    expect(cached).toHaveLength(1);

    const again = await thumb(file.id, 360, { cookie, "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.length).toBe(0);

    // The other width is another thumbnail with another validator.
    const wide = await thumb(file.id, 720, { cookie, "if-none-match": etag });
    expect(wide.statusCode).toBe(200);
    expect(wide.headers.etag).not.toBe(etag);

    // With the picture's parts gone from the store it can no longer be rendered: only the cache can answer.
    await removeSource(file.id);
    const second = await thumb(file.id, 360, { cookie });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(etag);
    expect((await cacheEntriesOf(file.id)).filter((name) => name.includes(".360."))).toEqual(cached);
  });

  it("renders again when a cache entry is garbled or cut short, and replaces it", async () => {
    const { cookie } = await createUser(server);
    const file = await storePicture(cookie, "garbled.png", await picture(600, 400, "png"));
    const first = await thumb(file.id, 360, { cookie });
    expect(first.statusCode).toBe(200);
    const [name] = await cacheEntriesOf(file.id);
    if (!name) throw new Error("nothing was cached");
    for (const bad of [Buffer.from("not a picture"), first.rawPayload.subarray(0, first.rawPayload.length - 10)]) {
      await cache.store.write(name, bad);
      const again = await thumb(file.id, 360, { cookie });
      expect(again.statusCode).toBe(200);
      expect(await sharp(again.rawPayload).metadata()).toMatchObject({ format: "webp", width: 360 });
      expect((await cache.store.read(name))?.equals(again.rawPayload)).toBe(true);
    }
  });

  it("refuses other users' files (404), no session (401), bad widths (400) and folders (400)", async () => {
    const owner = await createUser(server);
    const other = await createUser(server);
    const file = await storePicture(owner.cookie, "mine.png", await picture(400, 300, "png"));
    expect((await thumb(file.id, 360, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await thumb(file.id, 360, {})).statusCode).toBe(401);
    expect((await thumb("not-a-uuid", 360, { cookie: owner.cookie })).statusCode).toBe(404);
    for (const w of ["100", "361", "", "720&w=360x"]) {
      const res = await thumb(file.id, w, { cookie: owner.cookie });
      expect(res.statusCode, w).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: "w must be 360 or 720" });
    }
    const missing = await server.app.inject({ url: `/api/thumbnails/${file.id}`, headers: { cookie: owner.cookie } });
    expect(missing.statusCode).toBe(400);
    const folder = await server.app.inject({
      method: "POST",
      url: "/api/files",
      headers: { cookie: owner.cookie },
      payload: { name: "Pictures", type: "folder", path: "/" },
    });
    expect(folder.statusCode, folder.body).toBe(201);
    expect((await thumb(folder.json().id, 360, { cookie: owner.cookie })).statusCode).toBe(400);
  });

  it("answers 415 for what is not an image, 422 for a broken one, and never caches a refusal", async () => {
    const { cookie } = await createUser(server);
    const noise = await storePicture(
      cookie,
      "fake.png",
      Buffer.from("this is not a picture at all, only text\n".repeat(50)),
    );
    const res = await thumb(noise.id, 360, { cookie });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 415, message: "not an image format this server makes thumbnails of" });
    expect(res.headers["cache-control"]).toBeUndefined();

    const svg = await storeFile(server, cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
      name: "logo.svg",
      mimeType: "image/svg+xml",
    });
    expect((await thumb(svg.id, 360, { cookie })).statusCode).toBe(415);

    const whole = await picture(1200, 900, "jpeg");
    const cut = await storePicture(cookie, "cut.jpg", whole.subarray(0, Math.floor(whole.length / 3)));
    const broken = await thumb(cut.id, 360, { cookie });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({ code: 422, message: "the image could not be decoded" });
    expect(await cacheEntriesOf(noise.id)).toEqual([]);
    expect(await cacheEntriesOf(cut.id)).toEqual([]);
  });

  it("renders encrypted files and keeps their thumbnails sealed in the cache (data dir or bucket)", async () => {
    const started = Date.now();
    const { cookie } = await createUser(server);
    const file = await storePicture(cookie, "secret.jpg", await picture(1000, 800, "jpeg"), {
      encrypted: true,
      partSize: 20_000,
    });
    const res = await thumb(file.id, 360, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: "webp", width: 360, height: 288 });
    const webp = res.rawPayload;

    const [cached, ...more] = await cacheEntriesOf(file.id);
    expect(more).toEqual([]);
    expect(cached?.endsWith(".sealed")).toBe(true);
    // Nothing on disk holds the picture in clear: not the cache, not anything written since this test began.
    const probe = webp.subarray(webp.length - 64);
    const clearCopies = filesWrittenSince(os.tmpdir(), started).filter((f) => readIfStill(f)?.includes(probe));
    expect(clearCopies).toEqual([]);
    // Nor the stored entry, wherever it is kept.
    const stored = await cache.store.read(cached as string);
    expect(stored?.subarray(0, 4).toString("latin1")).not.toBe("RIFF");
    expect(stored?.includes("WEBP")).toBe(false);
    expect(stored?.includes(probe)).toBe(false);

    // Served from the sealed cache the second time.
    const again = await thumb(file.id, 360, { cookie });
    expect(again.rawPayload.equals(webp)).toBe(true);
  });

  it("prunes the cached thumbnails of deleted files and of older versions, and keeps the others", async () => {
    const { cookie } = await createUser(server);
    const kept = await storePicture(cookie, "kept.png", await picture(500, 400, "png"));
    const gone = await storePicture(cookie, "gone.png", await picture(500, 400, "png"));
    const changed = await storePicture(cookie, "changed.png", await picture(500, 400, "png"));
    for (const id of [kept.id, gone.id, changed.id]) expect((await thumb(id, 360, { cookie })).statusCode).toBe(200);
    const [before] = await cacheEntriesOf(changed.id);
    // A client sets a new modification time: a new version, whose picture nobody has asked for yet.
    const touched = await server.app.inject({
      method: "PATCH",
      url: `/api/files/${changed.id}`,
      headers: { cookie },
      payload: { updatedAt: "2031-05-06T07:08:09.000Z" },
    });
    expect(touched.statusCode, touched.body).toBe(200);
    // A name this cache never gives is not its to remove.
    const foreign = `${kept.id}.notes.txt`;
    await cache.store.write(foreign, Buffer.from("left by someone else"));
    const del = await server.app.inject({
      method: "POST",
      url: "/api/files/delete",
      headers: { cookie },
      payload: { ids: [gone.id] },
    });
    expect(del.statusCode).toBe(204);
    const keptEntries = (await cacheEntriesOf(kept.id)).filter((name) => name !== foreign);
    expect(await pruneThumbnails(server.db, openThumbnailCache(server.config))).toBeGreaterThanOrEqual(2);
    expect(await cacheEntriesOf(gone.id)).toEqual([]);
    expect(await cacheEntriesOf(changed.id)).not.toContain(before);
    expect(await cacheEntriesOf(kept.id)).toEqual([...keptEntries, foreign].sort());
    await cache.store.remove([foreign]);
  });

  it("prunes a cache larger than one listing page", async () => {
    const { cookie } = await createUser(server);
    const kept = await storePicture(cookie, "many.png", await picture(500, 400, "png"));
    expect((await thumb(kept.id, 360, { cookie })).statusCode).toBe(200);
    const keptEntries = await cacheEntriesOf(kept.id);
    // Entries of 1200 files no row has (S3 lists at most 1000 keys a page).
    const names = Array.from({ length: 1200 }, () => `${crypto.randomUUID()}.${"0".repeat(24)}.360.webp`);
    for (let i = 0; i < names.length; i += 50)
      await Promise.all(names.slice(i, i + 50).map((name) => cache.store.write(name, Buffer.from("stale"))));
    // The pages the prune goes through: more than one, none over what one S3 listing returns.
    const pages: number[] = [];
    for await (const page of cache.store.pages()) pages.push(page.length);
    expect(pages.length).toBeGreaterThan(1);
    expect(Math.max(...pages)).toBeLessThanOrEqual(1000);
    expect(await pruneThumbnails(server.db, cache)).toBeGreaterThanOrEqual(names.length);
    const left = new Set<string>();
    for await (const page of cache.store.pages()) for (const name of page) left.add(name);
    expect(names.filter((name) => left.has(name))).toEqual([]);
    expect(await cacheEntriesOf(kept.id)).toEqual(keptEntries);
  });

  it("is left alone by the reconciliation of parts, which removes a stray part next to it", async () => {
    const { cookie } = await createUser(server);
    const file = await storePicture(cookie, "reconciled.png", await picture(500, 400, "png"));
    expect((await thumb(file.id, 360, { cookie })).statusCode).toBe(200);
    expect((await thumb(file.id, 720, { cookie })).statusCode).toBe(200);
    const entries = await cacheEntriesOf(file.id);
    expect(entries).toHaveLength(2);
    const [row] = await server.db.query<{ channel_id: number }>("SELECT channel_id FROM files WHERE id = $1", [
      file.id,
    ]);
    // A part no row records, seen by an earlier run: this run removes it.
    const stray = { channelId: Number(row?.channel_id), partId: 900_000_101 };
    await storeStray(server.config, stray);
    await server.db.query("INSERT INTO part_suspects (channel_id, part_id, seen_at) VALUES ($1, $2, $3)", [
      stray.channelId,
      stray.partId,
      new Date(Date.now() - 2 * 60 * 60 * 1000),
    ]);
    await server.db.query("UPDATE jobs SET run_at = now() WHERE key = 'reconcile-parts'");
    await jobsDone(server);
    expect(await partExists(server.config, stray)).toBe(false);
    expect(await cacheEntriesOf(file.id)).toEqual(entries);
    // Nothing of the cache was taken for a part either (it would be a suspect now).
    expect(await server.db.query("SELECT part_id FROM part_suspects WHERE part_id > 900000000")).toEqual([]);
    const again = await thumb(file.id, 360, { cookie });
    expect(again.statusCode).toBe(200);
  });

  it("renders a bounded number at once: past the waiting limit the answer is 503, and one rendering serves all asking", async () => {
    const { cookie, userId } = await createUser(server);
    const files = await Promise.all(
      ["g1.png", "g2.png", "g3.png"].map(async (name) => storePicture(cookie, name, await picture(800, 600, "png"))),
    );
    const rows = await Promise.all(files.map((f) => ownedContentFile(server.db, userId, f.id)));
    const thumbnails = new Thumbnails(
      new Blobs(server.config),
      new ThumbnailCache(new DiskThumbnailStore(fs.mkdtempSync(path.join(server.config.dataDir, "gate-"))), undefined),
      {
        ...DEFAULT_LIMITS,
        concurrency: 1,
        maxWaiting: 1,
      },
    );
    const keyOf = (row: (typeof rows)[number]) => ({
      fileId: row.id,
      version: versionOf(row),
      width: 360,
      sealed: false,
    });
    const [a, b, c] = rows as [ContentFile, ContentFile, ContentFile];
    // One renders, one waits, the third finds the queue full (which is which depends on the order their cache reads
    // end); the second ask for a joins a's.
    const results = await Promise.allSettled([
      thumbnails.get(a, keyOf(a)),
      thumbnails.get(b, keyOf(b)),
      thumbnails.get(c, keyOf(c)),
      thumbnails.get(a, keyOf(a)),
    ]);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(refused.map((r) => (r.reason as HttpError).status)).toEqual([503]);
    const [first, , , joined] = results;
    expect(joined?.status).toBe(first?.status);
    if (first?.status === "fulfilled" && joined?.status === "fulfilled") expect(joined.value).toBe(first.value);
    // Once the queue has room again, every one renders.
    for (const row of rows) expect((await thumbnails.get(row, keyOf(row))).length).toBeGreaterThan(0);
  });

  it("does not render a thumbnail whose every request left while it waited its turn", async () => {
    const { cookie, userId } = await createUser(server);
    const [a, b] = await Promise.all(
      ["w1.png", "w2.png"].map(async (name) => {
        const file = await storePicture(cookie, name, await picture(800, 600, "png"));
        return ownedContentFile(server.db, userId, file.id);
      }),
    );
    if (!a || !b) throw new Error("no files");
    const own = new ThumbnailCache(
      new DiskThumbnailStore(fs.mkdtempSync(path.join(server.config.dataDir, "gone-"))),
      undefined,
    );
    const thumbnails = new Thumbnails(new Blobs(server.config), own, { ...DEFAULT_LIMITS, concurrency: 1 });
    const keyOf = (row: ContentFile) => ({ fileId: row.id, version: versionOf(row), width: 360, sealed: false });
    const left = new AbortController();
    const first = thumbnails.get(a, keyOf(a));
    const second = thumbnails.get(b, keyOf(b), left.signal);
    left.abort();
    await first;
    await expect(second).rejects.toMatchObject({ status: 503 });
    expect(await own.get(keyOf(b))).toBeUndefined();
    expect(await own.get(keyOf(a))).toBeDefined();
    // Asked again by someone who stays, it renders.
    expect((await thumbnails.get(b, keyOf(b))).length).toBeGreaterThan(0);
  });

  it("answers with the rendering when the cache can neither be read nor written, and reports the failed write", async () => {
    const { cookie, userId } = await createUser(server);
    const file = await storePicture(cookie, "uncached.png", await picture(600, 400, "png"));
    const row = await ownedContentFile(server.db, userId, file.id);
    // A bucket that does not exist, or a cache folder under a plain file.
    const blocker = path.join(server.config.dataDir, "not-a-folder");
    fs.writeFileSync(blocker, "");
    const { storage } = server.config;
    const broken =
      storage.kind === "s3"
        ? new S3ThumbnailStore({ ...storage, bucket: "no-such-drive-bucket" })
        : new DiskThumbnailStore(path.join(blocker, "thumbnails"));
    const failures: unknown[] = [];
    const thumbnails = new Thumbnails(
      new Blobs(server.config),
      new ThumbnailCache(broken, undefined),
      DEFAULT_LIMITS,
      (err) => failures.push(err),
    );
    const key = { fileId: row.id, version: versionOf(row), width: 360, sealed: false };
    const webp = await thumbnails.get(row, key);
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width: 360 });
    expect(failures).toHaveLength(1);
    broken.close();
  });

  it("is offered in /capabilities", async () => {
    const res = await server.app.inject({ url: "/api/capabilities" });
    expect(res.json()).toMatchObject({ thumbnails: true });
  });
});

function filesWrittenSince(dir: string, since: number, depth = 0): string[] {
  if (depth > 6) return [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesWrittenSince(full, since, depth + 1);
    if (!entry.isFile()) return [];
    try {
      const stat = fs.statSync(full);
      return stat.mtimeMs >= since && stat.size < 64 * 1024 * 1024 ? [full] : [];
    } catch {
      return [];
    }
  });
}

/** A file's bytes, or undefined when another process removed it (or made it unreadable) since it was listed. */
function readIfStill(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

describe("in front of a Teldrive 1.8 server (TELDRIVE_URL)", () => {
  let teldrive: FastifyInstance;
  let proxy: FastifyInstance;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "drive-thumbs-proxy-"));

  beforeAll(async () => {
    // Teldrive 1.8's router: neither /capabilities nor /thumbnails exists, so both are its plain-text 404.
    teldrive = Fastify();
    teldrive.setNotFoundHandler((_req, reply) => reply.status(404).type("text/plain").send("404 page not found\n"));
    await teldrive.listen({ port: 0, host: "127.0.0.1" });
    const upstream = `http://127.0.0.1:${(teldrive.server.address() as AddressInfo).port}`;
    const config = { ...loadConfig({ DATA_DIR: webDist, TELDRIVE_URL: upstream }), webDist: undefined };
    proxy = await buildApp({ config, db: server.db });
    await proxy.ready();
  });
  afterAll(async () => {
    await proxy?.close();
    await teldrive?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("offers no thumbnails: /capabilities and /thumbnails are Teldrive's 404, and nothing is rendered here", async () => {
    const caps = await proxy.inject({ url: "/api/capabilities" });
    expect(caps.statusCode).toBe(404);
    expect(caps.body).toBe("404 page not found\n");
    const res = await proxy.inject({ url: "/api/thumbnails/00000000-0000-4000-8000-000000000000?w=360" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe("404 page not found\n");
    expect(fs.existsSync(path.join(webDist, "thumbnails"))).toBe(false);
  });
});
