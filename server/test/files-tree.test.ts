import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PartRef } from "../src/storage/store.js";
import {
  call,
  create,
  type FileJson,
  itemAt,
  list,
  mkdir,
  partRefsOf,
  type TestUser,
  wrongFolderCounts,
} from "./files-api.js";
import { createUser, jobsDone, startServer, type TestServer } from "./helpers.js";
import { partExists } from "./storage-helpers.js";
import { sha256, uploadParts } from "./upload-fixtures.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ENCRYPTION_KEY: "files tree test key" });
});
afterAll(() => server.close());

const at = (user: TestUser, dir: string, name: string) => itemAt(server, user, dir, name);

/** Uploads bytes in parts and registers them at `dir` through POST /files with the uploadId. */
async function storeAt(user: TestUser, dir: string, name: string, data: Buffer, encrypted = false) {
  const uploadId = crypto.randomUUID();
  await uploadParts(server, user.cookie, data, { partSize: 1000, encrypted, uploadId, name });
  return create(server, user, { name, type: "file", path: dir, uploadId, size: data.length });
}

async function content(user: TestUser, file: FileJson): Promise<Buffer> {
  const res = await server.app.inject({ url: `/api/files/${file.id}/${file.name}`, headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const existing = (refs: PartRef[]) => Promise.all(refs.map((r) => partExists(server.config, r)));

const partRefs = (fileId: string) => partRefsOf(server, fileId);

describe("mkdir", () => {
  it("creates every missing folder and is idempotent", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/a/b/c");
    await mkdir(server, user, "/a/b/c/");
    await mkdir(server, user, "a//b/d");
    const b = await at(user, "/a", "b");
    expect(b.type).toBe("folder");
    const res = await list(server, user, { path: "/a/b" });
    expect(res.body.items.map((f) => f.name)).toEqual(["c", "d"]);
  });

  it("refuses bad segments with 400 and a file in the way with 409", async () => {
    const user = await createUser(server);
    for (const p of ["/ok/../x", "/./x", "/x\u0000y", `/${"z".repeat(256)}`])
      expect((await call(server, user, "POST", "/files/mkdir", { path: p })).status, p).toBe(400);
    expect((await list(server, user, { path: "/" })).body.meta.count).toBe(0);
    await create(server, user, { name: "file", type: "file", path: "/", size: 0 });
    expect((await call(server, user, "POST", "/files/mkdir", { path: "/file/sub" })).status).toBe(409);
    expect((await call(server, user, "POST", "/files/mkdir", { path: 7 })).status).toBe(400);
  });
});

describe("move", () => {
  it("moves several items by destination path and by id", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/src");
    await mkdir(server, user, "/dst/inner");
    const f1 = await create(server, user, { name: "1.txt", type: "file", path: "/src", size: 0 });
    const f2 = await create(server, user, { name: "2.txt", type: "file", path: "/src", size: 0 });
    const res = await call(server, user, "POST", "/files/move", { ids: [f1.id, f2.id], destinationParent: "/dst" });
    expect(res.status).toBe(204);
    // Folders first.
    expect((await list(server, user, { path: "/dst" })).body.items.map((f) => f.name)).toEqual([
      "inner",
      "1.txt",
      "2.txt",
    ]);
    const inner = await at(user, "/dst", "inner");
    expect(
      (
        await call(server, user, "POST", "/files/move", {
          ids: [f1.id],
          destinationParent: inner.id,
          destinationName: "one.txt",
        })
      ).status,
    ).toBe(204);
    const moved = await call<FileJson>(server, user, "GET", `/files/${f1.id}`);
    expect(moved.body).toMatchObject({ name: "one.txt", path: "/dst/inner/one.txt" });
  });

  it("moves nothing when one name clashes (409)", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/from");
    await mkdir(server, user, "/to");
    const a = await create(server, user, { name: "a", type: "file", path: "/from", size: 0 });
    const b = await create(server, user, { name: "b", type: "file", path: "/from", size: 0 });
    await create(server, user, { name: "b", type: "folder", path: "/to" });
    const res = await call(server, user, "POST", "/files/move", { ids: [a.id, b.id], destinationParent: "/to" });
    expect(res).toMatchObject({ status: 409, body: { code: 409 } });
    expect((await list(server, user, { path: "/from" })).body.meta.count).toBe(2);
    // Two moved items with the same name clash with each other.
    await mkdir(server, user, "/other");
    const a2 = await create(server, user, { name: "a", type: "file", path: "/other", size: 0 });
    await mkdir(server, user, "/empty");
    expect(
      (await call(server, user, "POST", "/files/move", { ids: [a.id, a2.id], destinationParent: "/empty" })).status,
    ).toBe(409);
    expect((await list(server, user, { path: "/empty" })).body.meta.count).toBe(0);
  });

  it("refuses moving a folder into itself or a descendant (400), unknown destinations and ids (404)", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/p/q/r");
    const p = await at(user, "/", "p");
    const r = await at(user, "/p/q", "r");
    const f = await create(server, user, { name: "f", type: "file", path: "/", size: 0 });
    expect((await call(server, user, "POST", "/files/move", { ids: [p.id], destinationParent: "/p/q/r" })).status).toBe(
      400,
    );
    expect((await call(server, user, "POST", "/files/move", { ids: [p.id], destinationParent: p.id })).status).toBe(
      400,
    );
    expect(
      (await call(server, user, "POST", "/files/move", { ids: [f.id, p.id], destinationParent: r.id })).status,
    ).toBe(400);
    expect((await call<FileJson>(server, user, "GET", `/files/${f.id}`)).body.path).toBe("/f");
    expect((await call(server, user, "POST", "/files/move", { ids: [f.id], destinationParent: "/nope" })).status).toBe(
      404,
    );
    expect((await call(server, user, "POST", "/files/move", { ids: [f.id], destinationParent: f.id })).status).toBe(
      404,
    );
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      (await call(server, user, "POST", "/files/move", { ids: [f.id, unknown], destinationParent: r.id })).status,
    ).toBe(404);
    expect((await call<FileJson>(server, user, "GET", `/files/${f.id}`)).body.path).toBe("/f");
  });

  it("validates the body", async () => {
    const user = await createUser(server);
    const f = await create(server, user, { name: "f", type: "file", path: "/", size: 0 });
    for (const body of [
      { ids: [], destinationParent: "/" },
      { ids: "x", destinationParent: "/" },
      { ids: [f.id] },
      { ids: [f.id], destinationParent: "/", destinationName: "a/b" },
    ])
      expect((await call(server, user, "POST", "/files/move", body)).status, JSON.stringify(body)).toBe(400);
  });
});

describe("delete", () => {
  it("deletes folders recursively (to the trash, then for good) with their shares and part files, and nothing else", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/keep");
    await mkdir(server, user, "/gone/sub/deeper");
    const keep = await storeAt(user, "/keep", "keep.bin", crypto.randomBytes(1500));
    const deep = await storeAt(user, "/gone/sub/deeper", "deep.bin", crypto.randomBytes(2500));
    const top = await storeAt(user, "/", "top.bin", crypto.randomBytes(10));
    const files = [...(await partRefs(deep.id)), ...(await partRefs(top.id))];
    expect(await existing(files)).toEqual(files.map(() => true));
    const sub = await at(user, "/gone", "sub");
    expect((await call(server, user, "POST", `/files/${sub.id}/share`, {})).status).toBe(201);
    const gone = await at(user, "/", "gone");

    const res = await call(server, user, "POST", "/files/delete", { ids: [gone.id, top.id] });
    expect(res.status).toBe(204);
    expect((await list(server, user, { path: "/" })).body.items.map((f) => f.name)).toEqual(["keep"]);
    for (const id of [gone.id, sub.id, deep.id, top.id])
      expect((await call(server, user, "GET", `/files/${id}`)).status).toBe(404);
    expect((await call(server, user, "POST", "/trash/delete", { ids: [gone.id, top.id] })).status).toBe(204);
    expect(await server.db.query("SELECT 1 FROM file_shares WHERE user_id = $1", [user.userId])).toHaveLength(0);
    // Parts go in the background, right after the answer.
    await jobsDone(server);
    expect(await existing(files)).toEqual(files.map(() => false));
    expect(await existing(await partRefs(keep.id))).toEqual([true, true]);
  });

  it("deletes nothing when one id is unknown or another user's", async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const mine = await create(server, user, { name: "mine", type: "file", path: "/", size: 0 });
    const theirs = await create(server, other, { name: "theirs", type: "file", path: "/", size: 0 });
    expect((await call(server, user, "POST", "/files/delete", { ids: [mine.id, theirs.id] })).status).toBe(404);
    expect((await call(server, user, "POST", "/files/delete", { ids: [mine.id, "nope"] })).status).toBe(404);
    expect((await call(server, user, "GET", `/files/${mine.id}`)).status).toBe(200);
    expect((await call(server, other, "GET", `/files/${theirs.id}`)).status).toBe(200);
    expect((await call(server, user, "POST", "/files/delete", { ids: [] })).status).toBe(400);
    expect((await call(server, user, "POST", "/files/delete", { ids: [mine.parentId] })).status).toBe(400);
  });
});

describe("paged counts after changes", () => {
  it("meta.count of a full page follows creates, moves, copies and deletes", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/many");
    await mkdir(server, user, "/elsewhere");
    const made: FileJson[] = [];
    for (let i = 0; i < 12; i++)
      made.push(await create(server, user, { name: `m${i}`, type: "file", path: "/many", size: 0 }));
    const count = async () => (await list(server, user, { path: "/many", limit: 5, page: 1 })).body.meta;
    expect(await count()).toEqual({ count: 12, totalPages: 3, currentPage: 1 });
    const [a, b, c] = made as [FileJson, FileJson, FileJson];
    await call(server, user, "POST", "/files/move", { ids: [a.id, b.id], destinationParent: "/elsewhere" });
    expect((await count()).count).toBe(10);
    await call(server, user, "POST", "/files/delete", { ids: [c.id] });
    expect((await count()).count).toBe(9);
    await call(server, user, "PATCH", `/files/${a.id}`, { parentId: made[3]?.parentId });
    expect((await count()).count).toBe(10);
    await call(server, user, "POST", `/files/${b.id}/copy`, { destination: "/many" });
    await mkdir(server, user, "/many/sub/deeper");
    expect((await count()).count).toBe(12);
    expect(await wrongFolderCounts(server)).toEqual([]);
  });
});

describe("content replace", () => {
  it("replaces bytes via POST replace and PATCH uploadId, deleting the old parts from disk", async () => {
    const user = await createUser(server);
    const v1 = crypto.randomBytes(2100);
    const file = await storeAt(user, "/", "r.bin", v1);
    const v1Parts = await partRefs(file.id);
    expect(await existing(v1Parts)).toEqual([true, true, true]);

    const v2 = crypto.randomBytes(1500);
    const up2 = crypto.randomUUID();
    await uploadParts(server, user.cookie, v2, { partSize: 1000, uploadId: up2, name: "r.bin" });
    const replaced = await call<FileJson>(server, user, "POST", "/files", {
      name: "r.bin",
      type: "file",
      path: "/",
      uploadId: up2,
      size: v2.length,
      replace: true,
    });
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ id: file.id, size: 1500 });
    expect(replaced.body.hash).not.toBe(file.hash);
    expect(sha256(await content(user, replaced.body))).toBe(sha256(v2));
    await jobsDone(server);
    expect(await existing(v1Parts)).toEqual([false, false, false]);
    const v2Parts = await partRefs(file.id);

    const v3 = crypto.randomBytes(10);
    const up3 = crypto.randomUUID();
    await uploadParts(server, user.cookie, v3, { partSize: 1000, uploadId: up3, name: "r.bin" });
    const patched = await call<FileJson>(server, user, "PATCH", `/files/${file.id}`, { uploadId: up3, size: 10 });
    expect(patched.status).toBe(200);
    expect(patched.body.size).toBe(10);
    expect(sha256(await content(user, patched.body))).toBe(sha256(v3));
    await jobsDone(server);
    expect(await existing(v2Parts)).toEqual([false, false]);
  });
});

describe("copy", () => {
  it("copies a file as a new row sharing its parts, by path (created) with a new name", async () => {
    const user = await createUser(server);
    const data = crypto.randomBytes(2600);
    const src = await storeAt(user, "/", "orig.bin", data);
    const res = await call<FileJson>(server, user, "POST", `/files/${src.id}/copy`, {
      destination: "/new/place",
      newName: "copy.bin",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "copy.bin", size: 2600, hash: src.hash, type: "file" });
    expect(res.body.id).not.toBe(src.id);
    expect((await call<FileJson>(server, user, "GET", `/files/${res.body.id}`)).body.path).toBe("/new/place/copy.bin");
    // The copy refers to the same parts (counted references), so a copy costs no bytes.
    const srcParts = await partRefs(src.id);
    const copyParts = await partRefs(res.body.id);
    expect(copyParts).toEqual(srcParts);
    expect(sha256(await content(user, res.body))).toBe(sha256(data));
    // Deleting the original leaves the copy readable: its parts are still referenced.
    expect((await call(server, user, "POST", "/files/delete", { ids: [src.id] })).status).toBe(204);
    expect((await call(server, user, "POST", "/trash/delete", { ids: [src.id] })).status).toBe(204);
    await jobsDone(server);
    expect(await existing(copyParts)).toEqual([true, true, true]);
    expect(sha256(await content(user, res.body))).toBe(sha256(data));
    // Deleting the copy too removes them.
    expect((await call(server, user, "POST", "/files/delete", { ids: [res.body.id] })).status).toBe(204);
    expect((await call(server, user, "POST", "/trash/empty")).status).toBe(204);
    await jobsDone(server);
    expect(await existing(copyParts)).toEqual([false, false, false]);
  });

  it("copies an encrypted file", async () => {
    const user = await createUser(server);
    const data = crypto.randomBytes(1234);
    const src = await storeAt(user, "/", "secret.bin", data, true);
    expect(src.encrypted).toBe(true);
    const res = await call<FileJson>(server, user, "POST", `/files/${src.id}/copy`, {
      destination: "/",
      newName: "s2.bin",
    });
    expect(res.body.encrypted).toBe(true);
    expect(sha256(await content(user, res.body))).toBe(sha256(data));
  });

  it("copies a folder tree recursively", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/tree/a/b");
    await mkdir(server, user, "/tree/empty");
    const d1 = crypto.randomBytes(1500);
    const d2 = crypto.randomBytes(20);
    await storeAt(user, "/tree", "one.bin", d1);
    await storeAt(user, "/tree/a/b", "two.bin", d2);
    await create(server, user, { name: "zero.txt", type: "file", path: "/tree/a", size: 0 });
    const tree = await at(user, "/", "tree");
    await mkdir(server, user, "/backup");
    const backup = await at(user, "/", "backup");
    const res = await call<FileJson>(server, user, "POST", `/files/${tree.id}/copy`, { destination: backup.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "tree", type: "folder", parentId: backup.id });
    const found = await list(server, user, {
      operation: "find",
      path: "/backup",
      deepSearch: true,
      query: "",
      limit: 100,
    });
    expect(found.body.items.map((f) => f.name).sort()).toEqual([
      "a",
      "b",
      "empty",
      "one.bin",
      "tree",
      "two.bin",
      "zero.txt",
    ]);
    expect(sha256(await content(user, await at(user, "/backup/tree", "one.bin")))).toBe(sha256(d1));
    expect(sha256(await content(user, await at(user, "/backup/tree/a/b", "two.bin")))).toBe(sha256(d2));
    // The original is untouched.
    expect((await list(server, user, { path: "/tree" })).body.items.map((f) => f.name)).toEqual([
      "a",
      "empty",
      "one.bin",
    ]);
  });

  it("answers 409 on a clash, 400 into itself, 404 for unknown ids and destinations", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/d/inner");
    const d = await at(user, "/", "d");
    const f = await create(server, user, { name: "f.txt", type: "file", path: "/", size: 0 });
    expect((await call(server, user, "POST", `/files/${f.id}/copy`, { destination: "/" })).status).toBe(409);
    expect((await call(server, user, "POST", `/files/${d.id}/copy`, { destination: "/d/inner" })).status).toBe(400);
    expect((await call(server, user, "POST", `/files/${d.id}/copy`, { destination: d.id, newName: "d2" })).status).toBe(
      400,
    );
    expect((await call(server, user, "POST", `/files/${d.id}/copy`, { destination: "/d/inner/made" })).status).toBe(
      400,
    );
    expect((await list(server, user, { path: "/d/inner" })).body.meta.count).toBe(0);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call(server, user, "POST", `/files/${unknown}/copy`, { destination: "/" })).status).toBe(404);
    expect((await call(server, user, "POST", `/files/${f.id}/copy`, { destination: unknown })).status).toBe(404);
    expect(
      (await call(server, user, "POST", `/files/${f.id}/copy`, { destination: "/", newName: "../x" })).status,
    ).toBe(400);
    expect((await call(server, user, "POST", `/files/${f.id}/copy`, {})).status).toBe(400);
    const ok = await call<FileJson>(server, user, "POST", `/files/${f.id}/copy`, {
      destination: "/",
      newName: "g.txt",
    });
    expect(ok.body).toMatchObject({ name: "g.txt", size: 0 });
  });
});

describe("folder child counts", () => {
  it("stay exact after everything above", async () => {
    expect(await wrongFolderCounts(server)).toEqual([]);
  });
});
