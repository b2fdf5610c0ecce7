import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type FileJson, list, mkdir, type TestUser, wrongFolderCounts } from "./files-api.js";
import { createUser, jobsDone, startServer, type TestServer } from "./helpers.js";
import { partExists, storeStray } from "./storage-helpers.js";
import { sha256, uploadParts } from "./upload-fixtures.js";

/**
 * The attacks of issue 16 that concern the drive's data, each as an adversary sent it, on PGlite and on
 * PostgreSQL (npm test runs this file on both).
 */

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startServer();
  user = await createUser(server);
  // Starting a fresh database on a busy machine can take a while.
});
afterAll(() => server.close());

const byName = async (u: TestUser, dir: string, name: string) =>
  (await list(server, u, { operation: "find", path: dir, name })).body.items[0] as FileJson;

async function readContent(u: TestUser, file: { id: string; name: string }) {
  return server.app.inject({ url: `/api/files/${file.id}/${file.name}`, headers: { cookie: u.cookie } });
}

describe("a regular expression built to explode (ReDoS)", () => {
  it("is refused before the database while the server keeps answering", async () => {
    const attacks = ["(a{1,255}){1,255}", "(a{1,200}){1,200}", "(a+)+$", "((a|aa)*)*b"].flatMap((query) =>
      [1, 2].map(() => list(server, user, { operation: "find", searchType: "regex", query })),
    );
    const version = await server.app.inject({ url: "/api/version" });
    expect(version.statusCode).toBe(200);
    for (const res of await Promise.all(attacks)) {
      expect(res.status).toBe(400);
      expect((res.body as unknown as { message: string }).message).toMatch(/regular expression/);
    }
    await call(server, user, "POST", "/files", { name: "IMG_0042.jpg", type: "file", path: "/", size: 0 });
    const ok = await list(server, user, { operation: "find", searchType: "regex", query: "^img_\\d{4}\\.jpe?g$" });
    expect(ok.body.items.map((f) => f.name)).toEqual(["IMG_0042.jpg"]);
  });
});

describe("crossed concurrent moves (X into Y while Y into X)", () => {
  it("never make a cycle: one move wins, the other is refused, and both folders stay in the tree", async () => {
    for (let round = 0; round < 10; round++) {
      await mkdir(server, user, `/cross${round}/X`);
      await mkdir(server, user, `/cross${round}/Y`);
      const x = await byName(user, `/cross${round}`, "X");
      const y = await byName(user, `/cross${round}`, "Y");
      const results = await Promise.all([
        call(server, user, "POST", "/files/move", { ids: [x.id], destinationParent: y.id }),
        call(server, user, "POST", "/files/move", { ids: [y.id], destinationParent: x.id }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([204, 400]);
      for (const id of [x.id, y.id]) {
        const got = await call<FileJson>(server, user, "GET", `/files/${id}`);
        expect(got.body.path).toMatch(new RegExp(`^/cross${round}/`));
      }
      const deep = await list(server, user, { operation: "find", path: `/cross${round}`, deepSearch: true });
      expect(deep.body.items.map((f) => f.name).sort()).toEqual(["X", "Y"]);
    }
  });

  it("leaves every recursive query finite even on a cycle already in the data", async () => {
    await mkdir(server, user, "/loop/A/B");
    const a = await byName(user, "/loop", "A");
    const b = await byName(user, "/loop/A", "B");
    // A cycle as the old race left them: A inside B inside A, cut off from the root.
    await server.db.query("UPDATE files SET parent_id = $1 WHERE id = $2", [b.id, a.id]);
    expect((await call(server, user, "GET", `/files/${a.id}`)).status).toBe(200);
    expect((await list(server, user, { operation: "find", parentId: a.id, deepSearch: true })).status).toBe(200);
    expect((await call(server, user, "POST", "/files/move", { ids: [b.id], destinationParent: a.id })).status).toBe(
      400,
    );
    expect((await call(server, user, "POST", "/files/delete", { ids: [a.id] })).status).toBe(204);
    expect((await call(server, user, "GET", `/files/${b.id}`)).status).toBe(404);
  });
});

describe("parts", () => {
  it("a re-upload after a lost clean-up call reuses parts that are still there, and reads back", async () => {
    const data = Buffer.from("the same bytes, uploaded once and registered twice");
    const parts = await uploadParts(server, user.cookie, data, { partSize: 20, uploadId: "lost-cleanup" });
    const body = (name: string) => ({
      name,
      type: "file",
      path: "/",
      size: data.length,
      channelId: parts[0]?.channelId,
      parts: parts.map((p) => ({ id: p.partId })),
    });
    const first = await call<FileJson>(server, user, "POST", "/files", body("first.bin"));
    expect(first.status).toBe(201);
    // The client's DELETE /uploads/lost-cleanup never arrives; the file is deleted.
    expect((await call(server, user, "POST", "/files/delete", { ids: [first.body.id] })).status).toBe(204);
    await jobsDone(server);
    const again = await call<FileJson>(server, user, "POST", "/files", body("again.bin"));
    expect(again.status).toBe(201);
    const read = await readContent(user, again.body);
    expect(read.statusCode).toBe(200);
    expect(sha256(read.rawPayload)).toBe(sha256(data));
  });

  it("deleting one file never removes the parts another file uses", async () => {
    const data = Buffer.from("shared by two files");
    const parts = await uploadParts(server, user.cookie, data, { partSize: 100, uploadId: "shared-parts" });
    const body = (name: string) => ({
      name,
      type: "file",
      path: "/",
      size: data.length,
      parts: parts.map((p) => ({ id: p.partId })),
    });
    const one = await call<FileJson>(server, user, "POST", "/files", body("one.bin"));
    const two = await call<FileJson>(server, user, "POST", "/files", body("two.bin"));
    await call(server, user, "DELETE", "/uploads/shared-parts");
    await call(server, user, "POST", "/files/delete", { ids: [one.body.id] });
    await jobsDone(server);
    expect(sha256((await readContent(user, two.body)).rawPayload)).toBe(sha256(data));
    await call(server, user, "POST", "/files/delete", { ids: [two.body.id] });
    await call(server, user, "POST", "/trash/empty");
    await jobsDone(server);
    for (const p of parts) expect(await partExists(server.config, p)).toBe(false);
  });

  it("refuses a file whose parts do not exist or are another user's", async () => {
    const other = await createUser(server);
    const [theirs] = await uploadParts(server, other.cookie, Buffer.from("not yours"), { partSize: 100 });
    for (const id of [987_654_321, theirs?.partId]) {
      const res = await call(server, user, "POST", "/files", {
        name: `stolen-${id}.bin`,
        type: "file",
        path: "/",
        size: 9,
        parts: [{ id }],
      });
      expect(res.status).toBe(400);
    }
  });

  it("checks the declared size against the parts (larger, smaller, and exact)", async () => {
    const data = Buffer.alloc(1500, 7);
    const parts = await uploadParts(server, user.cookie, data, { partSize: 1000, uploadId: "sized" });
    const create = (name: string, size: number) =>
      call<FileJson>(server, user, "POST", "/files", {
        name,
        type: "file",
        path: "/",
        size,
        parts: parts.map((p) => ({ id: p.partId })),
      });
    expect((await create("big.bin", 2000)).status).toBe(400);
    expect((await create("small.bin", 1000)).status).toBe(400);
    const exact = await create("exact.bin", 1500);
    expect(exact.status).toBe(201);
    expect((await readContent(user, exact.body)).rawPayload.length).toBe(1500);
    const fromUpload = await call(server, user, "POST", "/files", {
      name: "up.bin",
      type: "file",
      path: "/",
      uploadId: "sized",
      size: 1501,
    });
    expect(fromUpload.status).toBe(400);
  });

  it("racing sends of one part leave exactly one part file", async () => {
    const sends = Array.from({ length: 6 }, (_, i) =>
      uploadParts(server, user.cookie, Buffer.from(`try ${i}`), { partSize: 100, uploadId: "racing" }),
    );
    const sent = (await Promise.all(sends)).flat();
    await jobsDone(server);
    const left: typeof sent = [];
    for (const p of sent) if (await partExists(server.config, p)) left.push(p);
    const [row] = await server.db.query<{ part_id: number }>(
      "SELECT part_id FROM uploads WHERE upload_id = 'racing' AND user_id = $1",
      [user.userId],
    );
    expect(left.map((p) => p.partId)).toEqual([row?.part_id]);
  });
});

describe("orphans", () => {
  it("the reconciliation job removes parts nothing references or records, and keeps all in use", async () => {
    const owner = await createUser(server);
    const [live] = await uploadParts(server, owner.cookie, Buffer.from("in use"), { partSize: 100, uploadId: "live" });
    const [unused] = await uploadParts(server, owner.cookie, Buffer.from("left behind"), { partSize: 100 });
    if (!live || !unused) throw new Error("uploads failed");
    const ref = (p: { channelId: number; partId: number }) => ({ channelId: p.channelId, partId: p.partId });
    // A crash between a delete and its reclaim job leaves a part nothing references.
    await server.db.query("DELETE FROM uploads WHERE part_id = $1", [unused.partId]);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await server.db.query("UPDATE parts SET created_at = $2 WHERE id = $1", [unused.partId, twoHoursAgo]);
    // A crash between storing a part and recording it leaves a part no row records: one an earlier run already
    // saw, and one seen for the first time (it may be an upload in flight).
    const stray = { channelId: live.channelId, partId: 900_000_001 };
    const fresh = { channelId: live.channelId, partId: 900_000_002 };
    await storeStray(server.config, stray);
    await storeStray(server.config, fresh);
    await server.db.query("INSERT INTO part_suspects (channel_id, part_id, seen_at) VALUES ($1, $2, $3)", [
      stray.channelId,
      stray.partId,
      twoHoursAgo,
    ]);
    await server.db.query("UPDATE jobs SET run_at = now() WHERE key = 'reconcile-parts'");
    await jobsDone(server);
    expect(await partExists(server.config, stray)).toBe(false);
    expect(await partExists(server.config, ref(unused))).toBe(false);
    expect(await server.db.query("SELECT 1 FROM parts WHERE id = $1", [unused.partId])).toEqual([]);
    expect(await partExists(server.config, ref(live))).toBe(true);
    expect(await partExists(server.config, fresh)).toBe(true);
    expect(await server.db.query("SELECT part_id FROM part_suspects")).toEqual([{ part_id: fresh.partId }]);
  });
});

describe("folder counts", () => {
  it("stay exact under concurrent deletes and moves", async () => {
    for (let round = 0; round < 8; round++) {
      await mkdir(server, user, `/drift${round}/A/inner`);
      await mkdir(server, user, `/drift${round}/B`);
      for (let i = 0; i < 4; i++)
        await call(server, user, "POST", "/files", { name: `f${i}`, type: "file", path: `/drift${round}/A`, size: 0 });
      const a = await byName(user, `/drift${round}`, "A");
      const b = await byName(user, `/drift${round}`, "B");
      const inA = (await list(server, user, { path: `/drift${round}/A` })).body.items;
      const results = await Promise.all([
        call(server, user, "POST", "/files/move", { ids: inA.slice(0, 3).map((f) => f.id), destinationParent: b.id }),
        call(server, user, "POST", "/files/delete", { ids: [a.id] }),
        call(server, user, "POST", "/files/move", { ids: [inA[3]?.id], destinationParent: b.id }),
      ]);
      for (const r of results) expect(r.status).toBeLessThan(500);
      const listed = await list(server, user, { path: `/drift${round}/B`, limit: 1 });
      const actual = await server.db.query<{ n: number }>(
        "SELECT count(*) AS n FROM files WHERE parent_id = $1 AND status = 'active'",
        [b.id],
      );
      expect(listed.body.meta.count).toBe(actual[0]?.n);
    }
    expect(await wrongFolderCounts(server)).toEqual([]);
  });
});

describe("listing order (issue 11)", () => {
  it("sorts names as people read them and keeps folders first in every order", async () => {
    const sorter = await createUser(server);
    for (const name of ["file10.txt", "File2.txt", "file1.txt", "Banana.txt", "apple.txt", "Äpfel.txt"])
      await call(server, sorter, "POST", "/files", { name, type: "file", path: "/", size: 0 });
    for (const name of ["zeta", "Alpha"]) await mkdir(server, sorter, `/${name}`);
    const names = async (sort: string, order: string) =>
      (await list(server, sorter, { path: "/", sort, order })).body.items.map((f) => f.name);
    expect(await names("name", "asc")).toEqual([
      "Alpha",
      "zeta",
      "Äpfel.txt",
      "apple.txt",
      "Banana.txt",
      "file1.txt",
      "File2.txt",
      "file10.txt",
    ]);
    expect((await names("name", "desc")).slice(0, 2)).toEqual(["zeta", "Alpha"]);
    for (const sort of ["size", "updatedAt", "id"])
      for (const order of ["asc", "desc"]) {
        const got = await names(sort, order);
        expect(got.slice(0, 2).sort(), `${sort} ${order}`).toEqual(["Alpha", "zeta"]);
      }
  });
});
