import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { sha256, storeFile } from "./upload-fixtures.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ENCRYPTION_KEY: "content test key" });
});
afterAll(async () => {
  await server?.close();
});

const BLOCK = 64 * 1024;

describe("GET /api/files/{id}/{name}", () => {
  for (const encrypted of [false, true]) {
    it(`returns bytes uploaded in several parts, whole and by ranges (encrypted=${encrypted})`, async () => {
      const { cookie } = await createUser(server);
      const partSize = 3 * BLOCK + 1001;
      const data = crypto.randomBytes(3 * partSize + 12_345);
      const file = await storeFile(server, cookie, data, {
        partSize,
        encrypted,
        name: "movie.mp4",
        mimeType: "video/mp4",
      });

      const whole = await server.app.inject({ url: `/api/files/${file.id}/movie.mp4`, headers: { cookie } });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-length"]).toBe(String(data.length));
      expect(whole.headers["content-type"]).toBe("video/mp4");
      expect(whole.headers["accept-ranges"]).toBe("bytes");
      expect(sha256(whole.rawPayload)).toBe(sha256(data));

      const ranges: [number, number][] = [
        [0, 0],
        [BLOCK - 1, BLOCK],
        [partSize - 3, partSize + 3],
        [partSize - 1, 2 * partSize + BLOCK + 7],
        [2 * BLOCK + 5, data.length - 1],
      ];
      for (const [start, end] of ranges) {
        const res = await server.app.inject({
          url: `/api/files/${file.id}/movie.mp4`,
          headers: { cookie, range: `bytes=${start}-${end}` },
        });
        expect(res.statusCode).toBe(206);
        expect(res.headers["content-range"]).toBe(`bytes ${start}-${end}/${data.length}`);
        expect(res.headers["content-length"]).toBe(String(end - start + 1));
        expect(sha256(res.rawPayload), `${start}-${end}`).toBe(sha256(data.subarray(start, end + 1)));
      }
      const suffix = await server.app.inject({
        url: `/api/files/${file.id}/x`,
        headers: { cookie, range: "bytes=-100" },
      });
      expect(suffix.statusCode).toBe(206);
      expect(suffix.rawPayload.equals(data.subarray(data.length - 100))).toBe(true);
      const open = await server.app.inject({
        url: `/api/files/${file.id}/x`,
        headers: { cookie, range: `bytes=${partSize}-` },
      });
      expect(open.statusCode).toBe(206);
      expect(open.rawPayload.equals(data.subarray(partSize))).toBe(true);
    });
  }

  it("answers 416 for unsatisfiable and multiple ranges, 400 for a malformed one", async () => {
    const { cookie } = await createUser(server);
    const file = await storeFile(server, cookie, crypto.randomBytes(1000), { name: "a.bin" });
    const get = (range: string) =>
      server.app.inject({ url: `/api/files/${file.id}/a.bin`, headers: { cookie, range } });
    const beyond = await get("bytes=5000-6000");
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe("bytes */1000");
    expect(beyond.json()).toEqual({ code: 416, message: "invalid range: failed to overlap" });
    const multi = await get("bytes=0-10,20-30");
    expect(multi.statusCode).toBe(416);
    expect(multi.json().message).toBe("multiple ranges are not supported");
    expect((await get("nonsense")).statusCode).toBe(400);
  });

  it("sends ETag and Last-Modified and answers 304 to a matching If-None-Match", async () => {
    const { cookie } = await createUser(server);
    const file = await storeFile(server, cookie, crypto.randomBytes(100), { name: "e.bin" });
    const res = await server.app.inject({ url: `/api/files/${file.id}/e.bin`, headers: { cookie } });
    const etag = `"${crypto.createHash("md5").update(`${file.id}100`).digest("hex")}"`;
    expect(res.headers.etag).toBe(etag);
    expect(new Date(String(res.headers["last-modified"])).getTime()).toBeGreaterThan(0);
    const again = await server.app.inject({
      url: `/api/files/${file.id}/e.bin`,
      headers: { cookie, "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const ranged = (ifRange: string) =>
      server.app.inject({
        url: `/api/files/${file.id}/e.bin`,
        headers: { cookie, range: "bytes=10-19", "if-range": ifRange },
      });
    expect((await ranged(etag)).statusCode).toBe(206);
    const changed = await ranged('"older"');
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(100);
    const stale = await server.app.inject({
      url: `/api/files/${file.id}/e.bin`,
      headers: { cookie, "if-none-match": '"other"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it("answers HEAD with the headers only", async () => {
    const { cookie } = await createUser(server);
    const file = await storeFile(server, cookie, crypto.randomBytes(4321), { name: "h.bin" });
    const res = await server.app.inject({ method: "HEAD", url: `/api/files/${file.id}/h.bin`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe("4321");
    expect(res.rawPayload.length).toBe(0);
  });

  it("formats Content-Disposition safely for hostile names, inline unless download=1", async () => {
    const { cookie } = await createUser(server);
    const names = ['quote"d.txt', "semi;colon=x.txt", "naïve 日本語.pdf", "evil\u202egpj.exe", "back\\slash.txt"];
    for (const name of names) {
      const file = await storeFile(server, cookie, Buffer.from("x"), { name, mimeType: "text/plain" });
      const inline = await server.app.inject({
        url: `/api/files/${file.id}/${encodeURIComponent(name)}`,
        headers: { cookie },
      });
      const disposition = String(inline.headers["content-disposition"]);
      expect(disposition).toMatch(/^inline; filename=/);
      expect(disposition).not.toMatch(/[\r\n\u0080-\uffff]/);
      expect(disposition).not.toContain("%E2%80%AE");
      const down = await server.app.inject({ url: `/api/files/${file.id}/x?download=1`, headers: { cookie } });
      expect(String(down.headers["content-disposition"])).toMatch(/^attachment; filename=/);
    }
    const quoted = await storeFile(server, cookie, Buffer.from("x"), { name: 'q"x.txt' });
    const res = await server.app.inject({ url: `/api/files/${quoted.id}/q`, headers: { cookie } });
    expect(res.headers["content-disposition"]).toBe('inline; filename="q\\"x.txt"');
    const unicode = await storeFile(server, cookie, Buffer.from("x"), { name: "日本.pdf" });
    const uni = await server.app.inject({ url: `/api/files/${unicode.id}/q`, headers: { cookie } });
    expect(uni.headers["content-disposition"]).toContain("filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf");
  });

  it("never lets an uploaded HTML or SVG file run as a page of our origin", async () => {
    const { cookie } = await createUser(server);
    for (const [name, mimeType] of [
      ["page.html", "text/html"],
      ["pic.svg", "image/svg+xml"],
      ["x.xhtml", "application/xhtml+xml"],
    ] as const) {
      const file = await storeFile(server, cookie, Buffer.from("<script>alert(1)</script>"), { name, mimeType });
      const res = await server.app.inject({ url: `/api/files/${file.id}/${name}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain(mimeType);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toBe("sandbox");
      expect(String(res.headers["content-disposition"])).toMatch(/^attachment;/);
    }
  });

  it("uses the stored type when well-formed, else application/octet-stream", async () => {
    const { cookie } = await createUser(server);
    const cases: [string, string][] = [
      ["", "application/octet-stream"],
      ["text/plain; charset=utf-8", "text/plain; charset=utf-8"],
      [" text/html", "text/html"],
      ["text/html\r\nX-Evil: 1", "application/octet-stream"],
      ["not a type", "application/octet-stream"],
    ];
    for (const [i, [mimeType, expected]] of cases.entries()) {
      const file = await storeFile(server, cookie, Buffer.from("<b>x</b>"), { name: `blob${i}`, mimeType });
      const res = await server.app.inject({ url: `/api/files/${file.id}/blob`, headers: { cookie } });
      expect(res.statusCode, mimeType).toBe(200);
      expect(res.headers["content-type"], mimeType).toBe(expected);
      expect(res.headers["x-evil"]).toBeUndefined();
      if (expected === "text/html") expect(res.headers["content-security-policy"]).toBe("sandbox");
    }
  });

  it("serves an empty file as 200 with no body", async () => {
    const { cookie } = await createUser(server);
    const file = await storeFile(server, cookie, Buffer.alloc(0), { name: "empty.txt" });
    const res = await server.app.inject({ url: `/api/files/${file.id}/empty.txt`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe("0");
    expect(res.rawPayload.length).toBe(0);
  });

  it("authenticates by session hash or cookie, and only for the owner's files", async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const data = crypto.randomBytes(500);
    const file = await storeFile(server, alice.cookie, data, { name: "mine.bin" });
    const url = `/api/files/${file.id}/mine.bin`;

    const byHash = await server.app.inject({ url: `${url}?hash=${alice.hash}` });
    expect(byHash.statusCode).toBe(200);
    expect(byHash.rawPayload.equals(data)).toBe(true);
    expect((await server.app.inject({ url, headers: { cookie: alice.cookie } })).statusCode).toBe(200);

    const none = await server.app.inject({ url });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(401);
    expect((await server.app.inject({ url: `${url}?hash=deadbeef` })).statusCode).toBe(401);
    expect((await server.app.inject({ url, headers: { cookie: "access_token=forged" } })).statusCode).toBe(401);

    const bobs = await server.app.inject({ url: `${url}?hash=${bob.hash}` });
    expect(bobs.statusCode).toBe(404);
    expect(bobs.body).not.toContain(data.toString("latin1").slice(0, 8));
    expect((await server.app.inject({ url, headers: { cookie: bob.cookie } })).statusCode).toBe(404);

    await server.db.query("DELETE FROM sessions WHERE hash = $1", [alice.hash]);
    expect((await server.app.inject({ url: `${url}?hash=${alice.hash}` })).statusCode).toBe(401);
  });

  it("answers 404 for unknown or malformed ids and 400 for folders", async () => {
    const { cookie, userId } = await createUser(server);
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      const res = await server.app.inject({ url: `/api/files/${id}/x`, headers: { cookie } });
      expect(res.statusCode, id).toBe(404);
    }
    const [root] = await server.db.query<{ id: string }>(
      "SELECT id FROM files WHERE user_id = $1 AND parent_id IS NULL",
      [userId],
    );
    const folder = await server.app.inject({ url: `/api/files/${root?.id}/root`, headers: { cookie } });
    expect(folder.statusCode).toBe(400);
  });
});
