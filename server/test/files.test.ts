import { blake3 } from "@noble/hashes/blake3.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  create,
  type FileJson,
  type FileListJson,
  list,
  mkdir,
  partsOf,
  type TestUser,
  wrongFolderCounts,
} from "./files-api.js";
import { createUser, type TestServer, withServerAndTwoUsers } from "./helpers.js";

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

withServerAndTwoUsers((started) => {
  ({
    server,
    users: [alice, bob],
  } = started);
});

const names = (l: FileListJson) => l.items.map((f) => f.name);

describe("create and get", () => {
  it("creates a folder by path and returns Teldrive's File shape", async () => {
    const res = await call<FileJson>(server, alice, "POST", "/files", { name: "Docs", type: "folder", path: "/" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Docs",
      type: "folder",
      mimeType: "drive/folder",
      size: 0,
      encrypted: false,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(res.body.category).toBeUndefined();
    expect(res.body).not.toHaveProperty("parts");
  });

  it("creates a file from parts with category and MIME type from the name", async () => {
    const f = await create(server, alice, {
      name: "Report.PDF",
      type: "file",
      path: "/Docs",
      size: 10,
      parts: await partsOf(server, alice, 10),
    });
    expect(f).toMatchObject({
      name: "Report.PDF",
      type: "file",
      category: "document",
      mimeType: "application/pdf",
      size: 10,
    });
    expect(f.hash).toBeUndefined();
    const got = await call<FileJson>(server, alice, "GET", `/files/${f.id}`);
    expect(got.status).toBe(200);
    expect(got.body.path).toBe("/Docs/Report.PDF");
    expect(typeof got.body.channelId).toBe("number");
    expect(got.body.parentId).toBeDefined();
  });

  it("keeps the client's MIME type and falls back to octet-stream", async () => {
    const a = await create(server, alice, { name: "a.unknownext", type: "file", path: "/", size: 0 });
    expect(a.mimeType).toBe("application/octet-stream");
    expect(a.category).toBe("other");
    const b = await create(server, alice, {
      name: "b.bin",
      type: "file",
      path: "/",
      size: 0,
      mimeType: "video/x-custom",
    });
    expect(b.mimeType).toBe("video/x-custom");
  });

  it("creates by parentId, which wins over path", async () => {
    await mkdir(server, alice, "/p1");
    const p1 = (await list(server, alice, { path: "/", operation: "find", name: "p1" })).body.items[0] as FileJson;
    const f = await create(server, alice, { name: "x.txt", type: "file", parentId: p1.id, path: "/nowhere", size: 0 });
    expect(f.parentId).toBe(p1.id);
  });

  it("gives the root folder an empty path", async () => {
    const docs = (await list(server, alice, { path: "/" })).body.items.find((f) => f.name === "Docs") as FileJson;
    const root = await call<FileJson>(server, alice, "GET", `/files/${docs.parentId}`);
    expect(root.status).toBe(200);
    expect(root.body.path).toBe("");
  });

  it("refuses a missing parent: 400 without path or parentId, 404 for unknown ones", async () => {
    expect((await call(server, alice, "POST", "/files", { name: "n", type: "folder" })).status).toBe(400);
    const byPath = await call(server, alice, "POST", "/files", { name: "n", type: "folder", path: "/missing/deep" });
    expect(byPath.status).toBe(404);
    const byId = await call(server, alice, "POST", "/files", {
      name: "n",
      type: "folder",
      parentId: "00000000-0000-4000-8000-000000000000",
    });
    expect(byId).toMatchObject({ status: 404, body: { code: 404 } });
  });

  it("refuses a file as parent", async () => {
    const f = await create(server, alice, { name: "notafolder.txt", type: "file", path: "/", size: 0 });
    const res = await call(server, alice, "POST", "/files", { name: "n", type: "folder", parentId: f.id });
    expect(res.status).toBe(404);
    const byPath = await call(server, alice, "POST", "/files", { name: "n", type: "folder", path: "/notafolder.txt" });
    expect(byPath.status).toBe(404);
  });

  it.each([
    ["a/b"],
    [".."],
    ["."],
    [""],
    ["nul\u0000here"],
    ["é".repeat(128)], // 256 bytes in UTF-8
    ["x".repeat(256)],
  ])("refuses the name %j with 400", async (name) => {
    const res = await call<{ code: number; message: string }>(server, alice, "POST", "/files", {
      name,
      type: "folder",
      path: "/",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.message).toMatch(/name/);
  });

  it("accepts a 255-byte name", async () => {
    const f = await create(server, alice, { name: "y".repeat(255), type: "folder", path: "/" });
    expect(f.name).toHaveLength(255);
  });

  it("answers an existing folder again and replaces a file with a file (Teldrive's upsert), 409 between a file and a folder", async () => {
    const folder = await create(server, alice, { name: "dup", type: "folder", path: "/" });
    const again = await call(server, alice, "POST", "/files", { name: "dup", type: "folder", path: "//" });
    expect(again).toMatchObject({ status: 201, body: { id: folder.id, type: "folder" } });
    const asFile = await call(server, alice, "POST", "/files", {
      name: "dup",
      type: "file",
      path: "/",
      size: 0,
      replace: true,
    });
    expect(asFile.status).toBe(409); // a folder is never replaced

    const first = await create(server, alice, {
      name: "r.txt",
      type: "file",
      path: "/",
      size: 3,
      parts: await partsOf(server, alice, 3),
    });
    const folderOverFile = await call(server, alice, "POST", "/files", { name: "r.txt", type: "folder", path: "/" });
    expect(folderOverFile).toMatchObject({ status: 409, body: { code: 409 } });
    const emptied = await call<FileJson>(server, alice, "POST", "/files", {
      name: "r.txt",
      type: "file",
      path: "/",
      size: 0,
    });
    expect(emptied.status).toBe(201);
    expect(emptied.body).toMatchObject({ id: first.id, size: 0 });
    const replaced = await call<FileJson>(server, alice, "POST", "/files", {
      name: "r.txt",
      type: "file",
      path: "/",
      size: 5,
      parts: await partsOf(server, alice, 5),
    });
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ id: first.id, size: 5 });
    const found = await list(server, alice, { operation: "find", path: "/", name: "r.txt" });
    expect(found.body.meta.count).toBe(1);
  });

  it("makes one file of several concurrent creates of a file name, each later one replacing it", async () => {
    const user = await createUser(server);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call<FileJson>(server, user, "POST", "/files", { name: "race", type: "file", path: "/", size: 0 }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await list(server, user, { path: "/" })).body.meta.count).toBe(1);
  });

  it("makes one folder of several concurrent creates of it and answers it to each", async () => {
    const user = await createUser(server);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call<FileJson>(server, user, "POST", "/files", { name: "race", type: "folder", path: "/" }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await list(server, user, { path: "/" })).body.meta.count).toBe(1);
  });

  it("refuses malformed JSON and wrong types with {code, message}", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/files",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      payload: '{"name": "x", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400 });
    for (const body of [
      { name: 5, type: "folder", path: "/" },
      { name: "x", type: "symlink", path: "/" },
      { name: "x", type: "file", path: "/", size: "big" },
      { name: "x", type: "file", path: "/", size: -1 },
      { name: "x", type: "file", path: "/", size: 1, parts: [{ id: "one" }] },
      { name: "x", type: "file", path: "/", size: 1 },
    ]) {
      const r = await call<{ code: number; message: string }>(server, alice, "POST", "/files", body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBeTruthy();
    }
  });

  it("refuses a channel that is not the user's", async () => {
    const res = await call(server, alice, "POST", "/files", {
      name: "c.txt",
      type: "file",
      path: "/",
      size: 1,
      parts: [{ id: 3 }],
      channelId: 42,
    });
    expect(res.status).toBe(400);
  });

  it("needs a session", async () => {
    expect((await call(server, null, "GET", "/files?path=/")).status).toBe(401);
    expect((await call(server, null, "POST", "/files", { name: "a", type: "folder", path: "/" })).status).toBe(401);
  });

  it("answers 404 for unknown and malformed ids", async () => {
    const unknown = await call(server, alice, "GET", "/files/00000000-0000-4000-8000-000000000000");
    expect(unknown).toEqual({ status: 404, body: { code: 404, message: "file not found" } });
    expect((await call(server, alice, "GET", "/files/not-a-uuid")).status).toBe(404);
  });
});

describe("create from an upload", () => {
  async function addUploadRows(
    user: TestUser,
    uploadId: string,
    parts: { no: number; size: number; hashes: Uint8Array | null }[],
  ) {
    const [channel] = await server.db.query<{ channel_id: number }>(
      "SELECT channel_id FROM channels WHERE user_id = $1",
      [user.userId],
    );
    // Each upload row with its recorded part, as POST /uploads leaves them.
    for (const p of parts)
      await server.db.query(
        `WITH part AS (
           INSERT INTO parts (id, channel_id, user_id, size) VALUES (nextval('part_ids'), $5, $2, $6) RETURNING id
         )
         INSERT INTO uploads (upload_id, user_id, name, part_no, part_id, channel_id, size, block_hashes)
         SELECT $1, $2, $3, $4, part.id, $5, $6, $7 FROM part`,
        [uploadId, user.userId, `part${p.no}`, p.no, channel?.channel_id, p.size, p.hashes],
      );
  }
  const uploadRows = async (uploadId: string) =>
    (await server.db.query("SELECT 1 FROM uploads WHERE upload_id = $1", [uploadId])).length;

  it("builds parts in order, the BLAKE3 tree hash and the summed size, and deletes the upload rows", async () => {
    const h1 = blake3(new TextEncoder().encode("block one"));
    const h2 = blake3(new TextEncoder().encode("block two"));
    await addUploadRows(alice, "up-1", [
      { no: 2, size: 4, hashes: h2 },
      { no: 1, size: 6, hashes: h1 },
    ]);
    const f = await create(server, alice, { name: "up.mp4", type: "file", path: "/", uploadId: "up-1" });
    const expected = new Uint8Array([...h1, ...h2]);
    expect(f).toMatchObject({ size: 10, category: "video", hash: bytesToHex(blake3(expected)) });
    expect(await uploadRows("up-1")).toBe(0);
  });

  it("gives an empty file the hash of empty input", async () => {
    await addUploadRows(alice, "up-empty", [{ no: 1, size: 0, hashes: new Uint8Array() }]);
    const f = await create(server, alice, {
      name: "empty.txt",
      type: "file",
      path: "/",
      uploadId: "up-empty",
      size: 0,
    });
    expect(f.hash).toBe("af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262");
  });

  it("refuses an unknown upload, another user's upload and gaps in part numbers", async () => {
    const none = await call(server, alice, "POST", "/files", { name: "u1", type: "file", path: "/", uploadId: "nope" });
    expect(none.status).toBe(400);
    await addUploadRows(bob, "bobs-upload", [{ no: 1, size: 3, hashes: null }]);
    const other = await call(server, alice, "POST", "/files", {
      name: "u2",
      type: "file",
      path: "/",
      uploadId: "bobs-upload",
    });
    expect(other.status).toBe(400);
    expect(await uploadRows("bobs-upload")).toBe(1);
    await addUploadRows(alice, "gappy", [
      { no: 1, size: 3, hashes: null },
      { no: 3, size: 3, hashes: null },
    ]);
    const gap = await call(server, alice, "POST", "/files", { name: "u3", type: "file", path: "/", uploadId: "gappy" });
    expect(gap.status).toBe(400);
    expect(await uploadRows("gappy")).toBe(2);
  });

  it("keeps the upload rows when the create fails on a clash", async () => {
    await create(server, alice, { name: "taken", type: "folder", path: "/" });
    await addUploadRows(alice, "clashing", [{ no: 1, size: 3, hashes: null }]);
    const res = await call(server, alice, "POST", "/files", {
      name: "taken",
      type: "file",
      path: "/",
      uploadId: "clashing",
    });
    expect(res.status).toBe(409);
    expect(await uploadRows("clashing")).toBe(1);
  });
});

describe("list", () => {
  let user: TestUser;
  let folderId: string;
  beforeAll(async () => {
    user = await createUser(server);
    await mkdir(server, user, "/big");
    const big = (await list(server, user, { path: "/" })).body.items[0] as FileJson;
    folderId = big.id;
    // 25 rows with only three distinct sizes: paging must still be exact.
    for (let i = 0; i < 25; i++)
      await create(server, user, {
        name: `f${String(i).padStart(2, "0")}.txt`,
        type: "file",
        parentId: folderId,
        size: i % 3,
        ...(i % 3 ? { parts: await partsOf(server, user, i % 3) } : {}),
      });
  });

  it("lists a folder by path with meta", async () => {
    const res = await list(server, user, { path: "/big", limit: 10 });
    expect(res.status).toBe(200);
    // Without `page` the first page also carries API-B's cursor (docs/api.md).
    expect(res.body.meta).toEqual({ count: 25, totalPages: 3, currentPage: 1, nextCursor: expect.any(String) });
    expect(names(res.body).slice(0, 3)).toEqual(["f00.txt", "f01.txt", "f02.txt"]);
    expect(res.body.items[0]).not.toHaveProperty("parts");
  });

  it.each(["size", "updatedAt", "name", "id"])("pages by %s across 3 pages without skips or repeats", async (sort) => {
    for (const order of ["asc", "desc"]) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await list(server, user, { parentId: folderId, sort, order, page, limit: 10 });
        expect(res.body.meta.currentPage).toBe(page);
        seen.push(...names(res.body));
      }
      expect(seen).toHaveLength(25);
      expect(new Set(seen).size).toBe(25);
    }
  });

  it("orders by size then id", async () => {
    const asc = (await list(server, user, { parentId: folderId, sort: "size", limit: 25 })).body.items;
    expect(asc.map((f) => f.size)).toEqual([...asc.map((f) => f.size)].sort((a, b) => a - b));
    const desc = (await list(server, user, { parentId: folderId, sort: "size", order: "desc", limit: 25 })).body.items;
    expect(desc.map((f) => f.id)).toEqual([...asc].reverse().map((f) => f.id));
  });

  it("gives an empty list for an unknown path and past the last page", async () => {
    const unknown = await list(server, user, { path: "/does/not/exist" });
    expect(unknown.body).toEqual({ items: [], meta: { count: 0, totalPages: 0, currentPage: 1 } });
    const past = await list(server, user, { path: "/big", page: 9, limit: 10 });
    expect(past.body.items).toEqual([]);
    expect(past.body.meta.count).toBe(25);
  });

  it("answers 404 for another user's folder and unknown parentIds", async () => {
    const res = await list(server, bob, { parentId: folderId });
    expect(res).toEqual({ status: 404, body: { code: 404, message: "file not found" } });
    expect((await list(server, user, { parentId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  });

  it("validates parameters with 400", async () => {
    const cases: Record<string, string | number>[] = [
      { path: "/", sort: "color" },
      { path: "/", order: "up" },
      { path: "/", page: 0 },
      { path: "/", page: "two" },
      { path: "/", limit: 0 },
      { path: "/", limit: 1001 },
      { path: "/", operation: "grep" },
      { path: "/", operation: "find", searchType: "fuzzy" },
      { path: "/", operation: "find", type: "link" },
      { path: "/", operation: "find", category: "image,sound" },
      { path: "/", operation: "find", deepSearch: "maybe" },
      { path: "/", operation: "find", updatedAt: "gte:2024-13-01" },
      { path: "/", operation: "find", updatedAt: "after:2024-01-01" },
      { path: "/", operation: "find", updatedAt: "gte:2024-02-30" },
      { path: "/", operation: "find", query: "x".repeat(1025) },
    ];
    for (const params of cases) {
      const res = await list(server, user, params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body).toMatchObject({ code: 400 });
    }
  });

  it("accepts limit 1000 and defaults to 500", async () => {
    expect((await list(server, user, { path: "/big", limit: 1000 })).body.meta.totalPages).toBe(1);
    const res = await call<FileListJson>(server, user, "GET", "/files?path=/big");
    expect(res.body.items).toHaveLength(25);
  });

  it("lists everything flat with neither path nor parentId", async () => {
    const res = await list(server, user, { limit: 100 });
    expect(res.body.meta.count).toBe(26);
  });

  it("ignores find filters in list mode", async () => {
    const res = await list(server, user, { path: "/big", type: "folder", query: "zzz", limit: 100 });
    expect(res.body.meta.count).toBe(25);
  });
});

describe("find", () => {
  let user: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    user = await createUser(server);
    await mkdir(server, user, "/Photos/2023/Summer");
    await mkdir(server, user, "/Music");
    const file = async (path: string, name: string, size = 0) => {
      const f = await create(server, user, {
        name,
        type: "file",
        path,
        size,
        ...(size ? { parts: await partsOf(server, user, size) } : {}),
      });
      ids[name] = f.id;
    };
    await file("/Photos", "Beach_Holiday-2023.JPG", 100);
    await file("/Photos/2023", "beach party.png", 200);
    await file("/Photos/2023/Summer", "holiday beach video.mp4", 300);
    await file("/Music", "Holiday Song.mp3", 400);
    await file("/", "notes.txt", 5);
    await file("/", "archive.tar.gz", 50);
  });
  const find = (params: Record<string, string | number | boolean>) =>
    list(server, user, { operation: "find", sort: "name", ...params });

  it("finds by exact name", async () => {
    expect(names((await find({ name: "notes.txt" })).body)).toEqual(["notes.txt"]);
    expect(names((await find({ name: "notes" })).body)).toEqual([]);
  });

  it("text search: every cleaned word, case-insensitive, over the drive without a path", async () => {
    const res = await find({ query: "beach holiday" });
    expect(names(res.body).sort()).toEqual(["Beach_Holiday-2023.JPG", "holiday beach video.mp4"]);
    expect(names((await find({ query: "HOLIDAY-beach!" })).body)).toHaveLength(2);
    expect(names((await find({ query: "song" })).body)).toEqual(["Holiday Song.mp3"]);
    expect(names((await find({ query: "beach_party" })).body)).toEqual(["beach party.png"]);
    const umlaut = await create(server, user, { name: "ÜBER Straße.txt", type: "file", path: "/Music", size: 0 });
    expect((await find({ query: "über STRASSE" })).body.items).toEqual([]);
    expect((await find({ query: "über straße" })).body.items.map((f) => f.id)).toEqual([umlaut.id]);
    await call(server, user, "POST", "/files/delete", { ids: [umlaut.id] });
  });

  it("a path limits the search to that folder's children (Teldrive would search the whole drive)", async () => {
    expect(names((await find({ query: "beach holiday", path: "/Photos" })).body)).toEqual(["Beach_Holiday-2023.JPG"]);
    expect((await find({ query: "beach holiday", path: "/Music" })).body.meta.count).toBe(0);
    expect(names((await find({ query: "beach", path: "/" })).body)).toEqual([]);
    expect(names((await find({ query: "notes", path: "/" })).body)).toEqual(["notes.txt"]);
  });

  it("deepSearch limits the search to the path's subtree", async () => {
    const all = await find({ query: "beach holiday", path: "/", deepSearch: true });
    expect(names(all.body).sort()).toEqual(["Beach_Holiday-2023.JPG", "holiday beach video.mp4"]);
    const res = await find({ query: "beach", path: "/Photos/2023", deepSearch: true });
    expect(names(res.body).sort()).toEqual(["beach party.png", "holiday beach video.mp4"]);
  });

  it("an explicit parentId scopes a query to that folder's children", async () => {
    const photos = (await find({ name: "2023", type: "folder" })).body.items[0] as FileJson;
    expect(names((await find({ query: "beach", parentId: photos.id })).body)).toEqual(["beach party.png"]);
  });

  it("status=pending_deletion finds nothing (deletes are immediate here)", async () => {
    expect((await find({ status: "pending_deletion" })).body.meta.count).toBe(0);
    expect((await find({ status: "gone" })).status).toBe(400);
  });

  it("without a query, path scopes to the folder's children", async () => {
    expect(names((await find({ path: "/Photos" })).body)).toEqual(["2023", "Beach_Holiday-2023.JPG"]);
  });

  it("regex search, case-insensitive; a bad regex is 400", async () => {
    const res = await find({ query: "^beach.*\\.(png|jpg)$", searchType: "regex" });
    expect(names(res.body).sort()).toEqual(["Beach_Holiday-2023.JPG", "beach party.png"]);
    const bad = await find({ query: "(unclosed", searchType: "regex" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400 });
    // With no name to match it against (a new user's empty drive), still 400, not an empty result.
    const newcomer = await createUser(server);
    const unread = await server.app.inject({
      url: `/api/files?operation=find&searchType=regex&query=${encodeURIComponent("(")}`,
      headers: { cookie: newcomer.cookie },
    });
    expect(unread.statusCode, unread.body).toBe(400);
    expect(unread.json()).toMatchObject({ code: 400, message: expect.stringMatching(/invalid regular expression/) });
  });

  it("filters by type and category list (folder included)", async () => {
    expect(names((await find({ type: "folder" })).body)).toEqual(["2023", "Music", "Photos", "Summer"]);
    // Sorted here: the database collation decides how upper and lower case interleave.
    expect(names((await find({ type: "file", category: "image,audio" })).body).sort()).toEqual(
      ["Beach_Holiday-2023.JPG", "beach party.png", "Holiday Song.mp3"].sort(),
    );
    expect(names((await find({ category: "archive,folder" })).body).sort()).toEqual(
      ["2023", "Music", "Photos", "Summer", "archive.tar.gz"].sort(),
    );
  });

  it("filters by updatedAt", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await find({ updatedAt: `gte:${today}`, type: "file" })).body.meta.count).toBe(6);
    expect((await find({ updatedAt: `lt:${today}`, type: "file" })).body.meta.count).toBe(0);
    expect((await find({ updatedAt: "gte:2000-01-01,lte:2000-12-31" })).body.meta.count).toBe(0);
    await server.db.query("UPDATE files SET updated_at = '2020-05-05T10:00:00Z' WHERE id = $1", [ids["notes.txt"]]);
    expect(names((await find({ updatedAt: "gt:2020-05-04,lt:2020-05-06" })).body)).toEqual(["notes.txt"]);
    // A day is the whole (UTC) day: its last one is not cut off at midnight.
    expect(names((await find({ updatedAt: "eq:2020-05-05" })).body)).toEqual(["notes.txt"]);
    expect(names((await find({ updatedAt: "gte:2020-05-01,lte:2020-05-05" })).body)).toEqual(["notes.txt"]);
    expect(names((await find({ updatedAt: "lt:2020-05-05T10:00:00Z" })).body)).toEqual([]);
    expect(names((await find({ updatedAt: "lte:2020-05-05T12:00:00+02:00" })).body)).toEqual(["notes.txt"]);
  });

  it("shared=true returns only files this user shared", async () => {
    const res = await call(server, user, "POST", `/files/${ids["notes.txt"]}/share`, {});
    expect(res.status).toBe(201);
    expect(names((await find({ shared: true })).body)).toEqual(["notes.txt"]);
    expect((await find({ shared: true })).body.meta.count).toBe(1);
  });

  it("sorts find results by size desc", async () => {
    const res = await find({ type: "file", sort: "size", order: "desc", limit: 2 });
    expect(names(res.body)).toEqual(["Holiday Song.mp3", "holiday beach video.mp4"]);
    expect(res.body.meta).toEqual({ count: 6, totalPages: 3, currentPage: 1, nextCursor: expect.any(String) });
  });

  it("parentId=nil finds only the root folder", async () => {
    const res = await find({ parentId: "nil" });
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]?.name).toBe("root");
  });

  it("never finds another user's files", async () => {
    expect((await list(server, bob, { operation: "find", query: "beach" })).body.meta.count).toBe(0);
  });

  it("categories sums sizes per category", async () => {
    const res = await call(server, user, "GET", "/files/categories");
    expect(res.body).toEqual([
      { category: "archive", totalFiles: 1, totalSize: 50 },
      { category: "audio", totalFiles: 1, totalSize: 400 },
      { category: "document", totalFiles: 1, totalSize: 5 },
      { category: "image", totalFiles: 2, totalSize: 300 },
      { category: "video", totalFiles: 1, totalSize: 300 },
    ]);
  });
});

describe("update", () => {
  it("renames, moves and updates the category; 409 on a clash", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/a");
    await mkdir(server, user, "/b");
    const a = (await list(server, user, { path: "/", operation: "find", name: "a" })).body.items[0] as FileJson;
    const b = (await list(server, user, { path: "/", operation: "find", name: "b" })).body.items[0] as FileJson;
    const f = await create(server, user, { name: "one.txt", type: "file", parentId: a.id, size: 0 });
    const renamed = await call<FileJson>(server, user, "PATCH", `/files/${f.id}`, { name: "one.mp3" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "one.mp3", category: "audio", updatedAt: f.updatedAt });
    const moved = await call<FileJson>(server, user, "PATCH", `/files/${f.id}`, { parentId: b.id });
    expect(moved.body.parentId).toBe(b.id);
    await create(server, user, { name: "one.mp3", type: "file", parentId: a.id, size: 0 });
    expect((await call(server, user, "PATCH", `/files/${f.id}`, { parentId: a.id })).status).toBe(409);
    await create(server, user, { name: "two.mp3", type: "file", parentId: b.id, size: 0 });
    expect((await call(server, user, "PATCH", `/files/${f.id}`, { name: "two.mp3" })).status).toBe(409);
    for (const name of ["a/b", "..", ".", "", "x\u0000"])
      expect((await call(server, user, "PATCH", `/files/${f.id}`, { name })).status).toBe(400);
  });

  it("refuses moving a folder into itself or a descendant, and into a file", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/top/mid/low");
    const top = (await list(server, user, { path: "/" })).body.items[0] as FileJson;
    const low = (await list(server, user, { path: "/top/mid" })).body.items[0] as FileJson;
    expect((await call(server, user, "PATCH", `/files/${top.id}`, { parentId: top.id })).status).toBe(400);
    expect((await call(server, user, "PATCH", `/files/${top.id}`, { parentId: low.id })).status).toBe(400);
    const file = await create(server, user, { name: "f", type: "file", path: "/", size: 0 });
    expect((await call(server, user, "PATCH", `/files/${top.id}`, { parentId: file.id })).status).toBe(400);
  });

  it("replaces content with parts and with an uploadId", async () => {
    const user = await createUser(server);
    const f = await create(server, user, {
      name: "c.bin",
      type: "file",
      path: "/",
      size: 1,
      parts: await partsOf(server, user, 1),
    });
    const parts = await partsOf(server, user, 10, 10);
    const res = await call<FileJson>(server, user, "PATCH", `/files/${f.id}`, {
      parts,
      size: 20,
      updatedAt: "2024-03-04T05:06:07Z",
    });
    expect(res.body).toMatchObject({ size: 20, updatedAt: "2024-03-04T05:06:07Z" });
    const rows = await server.db.query<{ parts: unknown }>("SELECT parts FROM files WHERE id = $1", [f.id]);
    expect(rows[0]?.parts).toEqual(parts);
    const folder = await create(server, user, { name: "d", type: "folder", path: "/" });
    expect((await call(server, user, "PATCH", `/files/${folder.id}`, { parts: [{ id: 1 }], size: 1 })).status).toBe(
      400,
    );
  });

  it("refuses wrong types and changing the root", async () => {
    const user = await createUser(server);
    const f = await create(server, user, { name: "t", type: "folder", path: "/" });
    expect((await call(server, user, "PATCH", `/files/${f.id}`, { name: 3 })).status).toBe(400);
    expect((await call(server, user, "PATCH", `/files/${f.parentId}`, { name: "newroot" })).status).toBe(400);
  });
});

describe("another user's file is never reachable", () => {
  it("answers 404 on every call and changes nothing", async () => {
    const owner = await createUser(server);
    await mkdir(server, owner, "/secret");
    const folder = (await list(server, owner, { path: "/" })).body.items[0] as FileJson;
    const file = await create(server, owner, { name: "s.txt", type: "file", parentId: folder.id, size: 0 });
    await call(server, owner, "POST", `/files/${file.id}/share`, {});
    const intruder = await createUser(server);
    await mkdir(server, intruder, "/mine");
    const mine = (await list(server, intruder, { path: "/" })).body.items[0] as FileJson;
    const attempts: [Parameters<typeof call>[2], string, unknown?][] = [
      ["GET", `/files/${file.id}`],
      ["GET", `/files?parentId=${folder.id}`],
      ["PATCH", `/files/${file.id}`, { name: "pwned" }],
      ["PATCH", `/files/${mine.id}`, { parentId: folder.id }],
      ["POST", "/files", { name: "x", type: "folder", parentId: folder.id }],
      ["POST", "/files/move", { ids: [file.id], destinationParent: mine.id }],
      ["POST", "/files/move", { ids: [mine.id], destinationParent: folder.id }],
      ["POST", `/files/${file.id}/copy`, { destination: "/" }],
      ["POST", `/files/${mine.id}/copy`, { destination: folder.id }],
      ["POST", "/files/delete", { ids: [file.id] }],
      ["POST", "/files/delete", { ids: [mine.id, file.id] }],
      ["GET", `/files/${file.id}/share`],
      ["POST", `/files/${file.id}/share`, {}],
      ["PATCH", `/files/${file.id}/share`, { password: "x" }],
      ["DELETE", `/files/${file.id}/share`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call<{ code: number; message: string }>(server, intruder, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("s.txt");
    }
    const still = await call<FileJson>(server, owner, "GET", `/files/${file.id}`);
    expect(still.body).toMatchObject({ name: "s.txt", parentId: folder.id });
    expect((await call(server, owner, "GET", `/files/${file.id}/share`)).status).toBe(200);
    expect((await list(server, intruder, { path: "/" })).body.meta.count).toBe(1);
  });
});

describe("folder child counts", () => {
  it("stay exact after everything above", async () => {
    expect(await wrongFolderCounts(server)).toEqual([]);
  });
});
