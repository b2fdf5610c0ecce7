import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resolvePath } from "../src/files/index.js";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { sha256, storeFile } from "./upload-fixtures.js";

let server: TestServer;
let owner: { userId: number; cookie: string };
let folderShare: string;
let fileShare: string;
const ids: Record<string, string> = {};
const PASSWORD = "pa:ss:wörd";
const subData = crypto.randomBytes(200_000);

const basic = (password: string, prefix = true) =>
  `${prefix ? "Basic " : ""}${Buffer.from(`:${password}`).toString("base64")}`;

async function folderId(path: string) {
  const row = await resolvePath(server.db, owner.userId, path);
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

beforeAll(async () => {
  server = await startServer({ ENCRYPTION_KEY: "shares test key" });
  owner = await createUser(server);
  for (const path of ["/Shared/Sub", "/Private"]) {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/files/mkdir",
      headers: { cookie: owner.cookie },
      payload: { path },
    });
    expect(res.statusCode, res.body).toBe(204);
  }
  ids.a = (await storeFile(server, owner.cookie, Buffer.from("hello a"), { name: "a.txt", path: "/Shared" })).id;
  ids.b = (
    await storeFile(server, owner.cookie, subData, {
      name: "b.bin",
      path: "/Shared/Sub",
      partSize: 70_000,
      encrypted: true,
    })
  ).id;
  ids.secret = (await storeFile(server, owner.cookie, Buffer.from("secret"), { name: "s.txt", path: "/Private" })).id;
  ids.top = (await storeFile(server, owner.cookie, Buffer.from("top file"), { name: "top.txt", path: "/" })).id;
  ids.shared = await folderId("/Shared");
  ids.sub = await folderId("/Shared/Sub");
  folderShare = await share(ids.shared, { password: PASSWORD });
  fileShare = await share(ids.top);
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("GET /api/shares/{id}", () => {
  it("describes a share without login", async () => {
    const res = await server.app.inject({ url: `/api/shares/${folderShare}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: "Shared", type: "folder", userId: 0, protected: true });
    const file = await server.app.inject({ url: `/api/shares/${fileShare}` });
    expect(file.json()).toEqual({ name: "top.txt", type: "file", userId: 0, protected: false });
  });

  it("answers 404 for unknown shares", async () => {
    for (const id of [crypto.randomUUID(), "nope"]) {
      const res = await server.app.inject({ url: `/api/shares/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: "share not found" });
    }
  });
});

describe("password", () => {
  it("unlocks with the right password (colons included) and refuses a wrong one", async () => {
    const unlock = (password: string, remoteAddress = "10.0.0.1") =>
      server.app.inject({
        method: "POST",
        url: `/api/shares/${folderShare}/unlock`,
        payload: { password },
        remoteAddress,
      });
    expect((await unlock(PASSWORD)).statusCode).toBe(204);
    const wrong = await unlock("ss:wörd");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 401, message: "invalid password" });
    const open = await server.app.inject({
      method: "POST",
      url: `/api/shares/${fileShare}/unlock`,
      payload: { password: "anything" },
    });
    expect(open.statusCode).toBe(204);
  });

  it("locks an address out after 5 wrong passwords in 10 minutes, even for the right one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const unlock = (password: string, remoteAddress: string) =>
      server.app.inject({
        method: "POST",
        url: `/api/shares/${folderShare}/unlock`,
        payload: { password },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await unlock(`guess ${i}`, "10.0.0.2")).statusCode).toBe(401);
    const locked = await unlock(PASSWORD, "10.0.0.2");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 429, message: "too many attempts, try again later" });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(500);
    const listing = await server.app.inject({
      url: `/api/shares/${folderShare}/files`,
      headers: { authorization: basic(PASSWORD) },
      remoteAddress: "10.0.0.2",
    });
    expect(listing.statusCode).toBe(429);
    // Another address is not affected.
    expect((await unlock(PASSWORD, "10.0.0.3")).statusCode).toBe(204);
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    expect((await unlock(PASSWORD, "10.0.0.2")).statusCode).toBe(204);
  });
});

describe("GET /api/shares/{id}/files", () => {
  const list = (query: string, authorization?: string, id = folderShare) =>
    server.app.inject({
      url: `/api/shares/${id}/files${query}`,
      headers: authorization ? { authorization } : {},
      remoteAddress: "10.1.0.1",
    });

  it("lists the shared folder and its subfolders, with or without the Basic prefix", async () => {
    for (const auth of [basic(PASSWORD), basic(PASSWORD, false)]) {
      const res = await list("?path=/&sort=name&order=asc", auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((i: { name: string }) => i.name)).toEqual(["Sub", "a.txt"]);
      expect(res.json().meta).toEqual({ count: 2, totalPages: 1, currentPage: 1 });
    }
    const sub = await list("?path=/Sub", basic(PASSWORD));
    expect(sub.json().items.map((i: { name: string }) => i.name)).toEqual(["b.bin"]);
    const paged = await list("?limit=1&page=2", basic(PASSWORD));
    expect(paged.json().items.map((i: { name: string }) => i.name)).toEqual(["a.txt"]);
    expect(paged.json().meta).toEqual({ count: 2, totalPages: 2, currentPage: 2 });
  });

  it("lists just the file of a file share", async () => {
    const res = await list("", undefined, fileShare);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      items: [{ id: ids.top, name: "top.txt", type: "file", size: 8 }],
      meta: { count: 1, totalPages: 1, currentPage: 1 },
    });
  });

  it("needs the password of a protected share", async () => {
    const none = await list("");
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 401, message: "empty auth" });
    for (const auth of [basic("wrong"), basic("pa"), "Basic bm9jb2xvbg==", "Basic !!!"]) {
      const res = await list("", auth);
      expect(res.statusCode, auth).toBe(401);
      expect(res.json().message).toBe("invalid password");
    }
  });

  it("never reaches outside the shared folder", async () => {
    const auth = basic(PASSWORD);
    for (const path of ["/..", "/Sub/../..", "../Private", "/./Sub", "/Sub/%2E%2E"]) {
      const res = await list(`?path=${encodeURIComponent(path)}`, auth);
      expect([400, 404], path).toContain(res.statusCode);
      expect(JSON.stringify(res.json())).not.toContain("s.txt");
    }
    for (const path of ["/Private", "/Shared", "/a.txt", "/Sub/b.bin"]) {
      const res = await list(`?path=${encodeURIComponent(path)}`, auth);
      expect(res.statusCode, path).toBe(404);
    }
  });
});

describe("changing a share's password", () => {
  it("stops the old password at once", async () => {
    const id = await share(ids.a ?? "", { password: "one" });
    const list = (password: string) =>
      server.app.inject({
        url: `/api/shares/${id}/files`,
        headers: { authorization: basic(password) },
        remoteAddress: "10.3.0.1",
      });
    expect((await list("one")).statusCode).toBe(200);
    const patched = await server.app.inject({
      method: "PATCH",
      url: `/api/files/${ids.a}/share`,
      headers: { cookie: owner.cookie },
      payload: { password: "two" },
    });
    expect(patched.statusCode).toBe(204);
    expect((await list("one")).statusCode).toBe(401);
    expect((await list("two")).statusCode).toBe(200);
  });
});

describe("GET /api/shares/{id}/files/{fileId}/{name}", () => {
  const get = (fileId: string, headers: Record<string, string> = {}, id = folderShare) =>
    server.app.inject({ url: `/api/shares/${id}/files/${fileId}/name`, headers, remoteAddress: "10.2.0.1" });

  it("streams files inside the share, with ranges across encrypted parts", async () => {
    const auth = { authorization: basic(PASSWORD) };
    const whole = await get(ids.b ?? "", auth);
    expect(whole.statusCode).toBe(200);
    expect(sha256(whole.rawPayload)).toBe(sha256(subData));
    const part = await get(ids.b ?? "", { ...auth, range: "bytes=65530-140010" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 65530-140010/${subData.length}`);
    expect(part.rawPayload.equals(subData.subarray(65530, 140011))).toBe(true);
    const a = await get(ids.a ?? "", auth);
    expect(a.body).toBe("hello a");
    const file = await get(ids.top ?? "", {}, fileShare);
    expect(file.body).toBe("top file");
    const down = await server.app.inject({ url: `/api/shares/${fileShare}/files/${ids.top}/x?download=1` });
    expect(down.headers["content-disposition"]).toBe("attachment; filename=top.txt");
  });

  it("asks for Basic credentials when protected", async () => {
    const res = await get(ids.a ?? "");
    expect(res.statusCode).toBe(401);
    expect(res.headers["www-authenticate"]).toBe('Basic realm="Restricted"');
    const wrong = await get(ids.a ?? "", { authorization: basic("nope") });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain("hello");
  });

  it("answers 404 for files outside the share, whatever the id", async () => {
    const auth = { authorization: basic(PASSWORD) };
    const other = await createUser(server);
    const foreign = await storeFile(server, other.cookie, Buffer.from("bob"), { name: "bob.txt" });
    for (const id of [ids.secret, ids.top, foreign.id, crypto.randomUUID(), "x"]) {
      const res = await get(id ?? "", auth);
      expect(res.statusCode, id).toBe(404);
    }
    for (const id of [ids.a, ids.secret]) expect((await get(id ?? "", {}, fileShare)).statusCode).toBe(404);
    expect((await get(ids.sub ?? "", auth)).statusCode).toBe(400);
  });
});

describe("expired shares", () => {
  it("answer 404 everywhere", async () => {
    const other = await createUser(server);
    const file = await storeFile(server, other.cookie, Buffer.from("soon gone"), { name: "x.txt" });
    await server.db.query(
      "INSERT INTO file_shares (id, file_id, user_id, expires_at) VALUES ($1, $2, $3, now() - interval '1 minute')",
      [crypto.randomUUID(), file.id, other.userId],
    );
    const [row] = await server.db.query<{ id: string }>("SELECT id FROM file_shares WHERE file_id = $1", [file.id]);
    for (const url of [
      `/api/shares/${row?.id}`,
      `/api/shares/${row?.id}/files`,
      `/api/shares/${row?.id}/files/${file.id}/x.txt`,
    ]) {
      const res = await server.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: "share expired" });
    }
  });
});

describe("GET /api/shares/{id}/thumbnails/{fileId}", () => {
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
      .png()
      .toBuffer();
  const thumb = (id: string, fileId: string, headers: Record<string, string> = {}, w = "360") =>
    server.app.inject({ url: `/api/shares/${id}/thumbnails/${fileId}?w=${w}`, headers, remoteAddress: "10.4.0.1" });
  const store = async (name: string, path: string, data: Buffer) =>
    (await storeFile(server, owner.cookie, data, { name, path, mimeType: "image/png" })).id;

  it("renders pictures anywhere inside a protected folder share once unlocked, by cookie or header", async () => {
    const inSub = await store("deep.png", "/Shared/Sub", await picture(1200, 600));
    const locked = await thumb(folderShare, inSub);
    expect(locked.statusCode).toBe(401);
    expect(locked.headers["www-authenticate"]).toBeUndefined();
    expect((await thumb(folderShare, inSub, { authorization: basic("wrong") })).statusCode).toBe(401);

    const unlocked = await server.app.inject({
      method: "POST",
      url: `/api/shares/${folderShare}/unlock`,
      payload: { password: PASSWORD },
      remoteAddress: "10.4.0.1",
    });
    expect(unlocked.statusCode).toBe(204);
    const cookie = unlocked.cookies.find((c) => c.name === "share_token");
    expect(cookie?.path).toBe(`/api/shares/${folderShare}`);
    const byCookie = await thumb(folderShare, inSub, { cookie: `share_token=${cookie?.value}` });
    expect(byCookie.statusCode, byCookie.body).toBe(200);
    expect(byCookie.headers["content-type"]).toBe("image/webp");
    expect(byCookie.headers["cache-control"]).toBe("private, no-cache");
    expect(await sharp(byCookie.rawPayload).metadata()).toMatchObject({ format: "webp", width: 360, height: 180 });
    const byHeader = await thumb(folderShare, inSub, { authorization: basic(PASSWORD) }, "720");
    expect(await sharp(byHeader.rawPayload).metadata()).toMatchObject({ width: 720, height: 360 });
    const again = await thumb(folderShare, inSub, {
      cookie: `share_token=${cookie?.value}`,
      "if-none-match": String(byCookie.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // A forged or stale cookie opens nothing.
    expect(
      (await thumb(folderShare, inSub, { cookie: `share_token=${Date.now() + 60_000}.${"A".repeat(43)}` })).statusCode,
    ).toBe(401);
    expect((await thumb(folderShare, inSub, { authorization: basic(PASSWORD) }, "100")).statusCode).toBe(400);
  });

  it("answers 404 for anything outside the share: other folders, other users, another share's file", async () => {
    const auth = { authorization: basic(PASSWORD) };
    const privatePicture = await store("private.png", "/Private", await picture(50, 50));
    const other = await createUser(server);
    const foreign = await storeFile(server, other.cookie, await picture(50, 50), {
      name: "theirs.png",
      mimeType: "image/png",
    });
    for (const id of [privatePicture, foreign.id, ids.top, crypto.randomUUID(), "../x"]) {
      const res = await thumb(folderShare, id ?? "", auth);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers["content-type"]).not.toBe("image/webp");
    }
    // A file share shows its own picture and nothing else.
    const alone = await store("alone.png", "/", await picture(80, 40));
    const aloneShare = await share(alone);
    expect((await thumb(aloneShare, alone)).statusCode).toBe(200);
    for (const id of [privatePicture, ids.a]) expect((await thumb(aloneShare, id ?? "")).statusCode).toBe(404);
    // The shared folder itself has no picture.
    expect((await thumb(folderShare, ids.shared ?? "", auth)).statusCode).toBe(400);
  });

  it("stops with the share: revoked and expired shares answer 404", async () => {
    const gone = await store("gone.png", "/", await picture(40, 40));
    const goneShare = await share(gone);
    expect((await thumb(goneShare, gone)).statusCode).toBe(200);
    const revoked = await server.app.inject({
      method: "DELETE",
      url: `/api/files/${gone}/share`,
      headers: { cookie: owner.cookie },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await thumb(goneShare, gone)).statusCode).toBe(404);

    const expired = crypto.randomUUID();
    await server.db.query(
      "INSERT INTO file_shares (id, file_id, user_id, expires_at) VALUES ($1, $2, $3, now() - interval '1 minute')",
      [expired, gone, owner.userId],
    );
    const res = await thumb(expired, gone);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: "share expired" });
  });
});
