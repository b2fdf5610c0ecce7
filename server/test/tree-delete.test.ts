import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import type { Queryable } from "../src/db/index.js";
import { trashTrees } from "../src/files/trash.js";
import { requireOwnedFile } from "../src/files/tree.js";
import { deleteTrees, SETTLE_TREES_JOB } from "../src/files/tree-delete.js";
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
  wrongMarks,
} from "./files-api.js";
import { createUser, jobsDone, startServer, type TestServer } from "./helpers.js";
import { partExists } from "./storage-helpers.js";
import { uploadParts } from "./upload-fixtures.js";

/**
 * Deleting trees bigger than one batch (files/tree-delete.ts): the request changes the top and one batch, the settle
 * job the rest. The server here takes 4 rows per batch, so every tree below is big.
 */

const BATCH = 4;
let server: TestServer;

beforeAll(async () => {
  server = await startServer({}, { deleteBatchRows: BATCH });
});
afterAll(() => server.close());

/** /big with 12 files, /big/a with 6 and a subfolder b with 6: 27 rows under the top. */
async function bigTree(user: TestUser, top = "/big"): Promise<{ top: FileJson; files: FileJson[] }> {
  await mkdir(server, user, `${top}/a/b`);
  const files: FileJson[] = [];
  for (const [dir, n] of [
    [top, 12],
    [`${top}/a`, 6],
    [`${top}/a/b`, 6],
  ] as const)
    for (let i = 0; i < n; i++) files.push(await storeFile(user, dir, `f${i}.txt`));
  return { top: await itemAt(server, user, "/", top.slice(1)), files };
}

/** A file of 8 bytes uploaded as our client does (the upload's parts become the file's). */
async function storeFile(user: TestUser, path: string, name: string): Promise<FileJson> {
  const uploadId = crypto.randomUUID();
  await uploadParts(server, user.cookie, Buffer.from(name.padEnd(8, ".")), { partSize: 8, uploadId, name });
  return create(server, user, { name, type: "file", path, uploadId, size: 8 });
}

const rowsOf = (top: string) =>
  server.db.query<{ status: string; id: string }>("SELECT id, status FROM files WHERE trash_root = $1", [top]);

/** Everything active the user's drive holds (folder id and name), from a deep listing of "/". */
async function driveNames(user: TestUser): Promise<string[]> {
  const res = await list(server, user, { operation: "find", path: "/", deepSearch: true, limit: 500 });
  expect(res.status).toBe(200);
  return res.body.items.map((f) => `${f.parentId}/${f.name}`).sort();
}

/** Trashes the item at `path` as the delete request does, holding the settle job back until `release()`. */
async function trashHeld(user: TestUser, id: string, inTx: (q: Queryable) => Promise<void> = async () => {}) {
  await server.db.tx(async (q) => {
    await trashTrees(q, [await requireOwnedFile(q, user.userId, id, "update")], BATCH);
    await q.query("UPDATE jobs SET run_at = now() + interval '1 hour' WHERE kind = $1", [SETTLE_TREES_JOB]);
    await inTx(q);
  });
}
const release = () => server.db.query("UPDATE jobs SET run_at = now() WHERE kind = $1", [SETTLE_TREES_JOB]);

const drifts = async () => ({ counts: await wrongFolderCounts(server), marks: await wrongMarks(server) });

describe("deleting a tree bigger than one batch", () => {
  it("changes the top and one batch, top down, in the request; the job settles the rest", async () => {
    const user = await createUser(server);
    const { top } = await bigTree(user);
    await create(server, user, { name: "keep.txt", type: "file", path: "/", size: 0 });
    const before = await driveNames(user);

    await trashHeld(user, top.id, async (q) => {
      const rows = await q.query<{ status: string }>("SELECT status FROM files WHERE trash_root = $1", [top.id]);
      expect(rows.length).toBe(1 + BATCH);
      const [job] = await q.query<{ payload: { roots: string[] } }>("SELECT payload FROM jobs WHERE kind = $1", [
        SETTLE_TREES_JOB,
      ]);
      expect(job?.payload.roots).toEqual([top.id]);
      // Top down: no trashed row under a folder that is still active.
      const orphans = await q.query(
        `SELECT c.id FROM files c JOIN files p ON p.id = c.parent_id
         WHERE c.trash_root = $1 AND c.id <> $1 AND p.status <> 'trashed'`,
        [top.id],
      );
      expect(orphans).toEqual([]);
    });
    // The user sees the item gone from its folder and in the trash at once.
    expect((await list(server, user, { path: "/" })).body.items.map((f) => f.name)).toEqual(["keep.txt"]);
    const trash = await call<{ items: FileJson[] }>(server, user, "GET", "/trash");
    expect(trash.body.items.map((i) => i.name)).toEqual(["big"]);

    await release();
    await jobsDone(server);
    expect((await rowsOf(top.id)).map((r) => r.status)).toEqual(Array(27).fill("trashed"));
    expect(await driveNames(user)).toEqual([`${top.parentId}/keep.txt`]);
    expect(await drifts()).toEqual({ counts: [], marks: [] });

    const back = await call(server, user, "POST", "/trash/restore", { ids: [top.id] });
    expect(back.status).toBe(200);
    // The restore too answers after one batch; its job brings back the rest.
    await jobsDone(server);
    expect(await driveNames(user)).toEqual(before);
    expect(await drifts()).toEqual({ counts: [], marks: [] });
  });

  it("takes along what is created or moved into the tree before the job reaches it; what is moved out stays", async () => {
    const user = await createUser(server);
    const { top, files } = await bigTree(user, "/doomed");
    const b = await itemAt(server, user, "/doomed/a", "b");
    const a = await itemAt(server, user, "/doomed", "a");
    await mkdir(server, user, "/elsewhere");
    const outsider = await create(server, user, { name: "moved in.txt", type: "file", path: "/elsewhere", size: 0 });
    const leaver = files.find((f) => f.parentId === a.id) as FileJson;

    await trashHeld(user, top.id);
    const made = await create(server, user, { name: "late.txt", type: "file", parentId: b.id, size: 0 });
    const moves = [
      { ids: [outsider.id], destinationParent: b.id },
      { ids: [leaver.id], destinationParent: "/elsewhere" },
    ];
    for (const move of moves) expect((await call(server, user, "POST", "/files/move", move)).status).toBe(204);
    await release();
    await jobsDone(server);

    const elsewhere = await itemAt(server, user, "/", "elsewhere");
    expect(await driveNames(user)).toEqual([`${elsewhere.id}/${leaver.name}`, `${top.parentId}/elsewhere`].sort());
    const trashed = new Set((await rowsOf(top.id)).map((r) => r.id));
    expect(trashed.has(made.id) && trashed.has(outsider.id) && !trashed.has(leaver.id)).toBe(true);
    expect(await drifts()).toEqual({ counts: [], marks: [] });
    // A folder whose step has come takes nothing new.
    const late = await call(server, user, "POST", "/files", { name: "x", type: "file", parentId: b.id, size: 0 });
    expect(late.status).toBe(404);
  });

  it("restored before the job has finished: all of it is back, and the job then changes nothing", async () => {
    const user = await createUser(server);
    const { top } = await bigTree(user);
    const before = await driveNames(user);
    await trashHeld(user, top.id);
    const back = await call(server, user, "POST", "/trash/restore", { ids: [top.id] });
    expect(back.status).toBe(200);
    await release();
    await jobsDone(server);
    expect(await driveNames(user)).toEqual(before);
    expect(await rowsOf(top.id)).toEqual([]);
    expect(await drifts()).toEqual({ counts: [], marks: [] });
  });

  it("deleted for good before it was all trashed: every row and part goes, nothing else", async () => {
    const user = await createUser(server);
    const { top, files } = await bigTree(user);
    const keep = await storeFile(user, "/", "keep.bin");
    const parts = (await Promise.all(files.map((f) => partRefsOf(server, f.id)))).flat();
    await trashHeld(user, top.id);
    const gone = await call(server, user, "POST", "/trash/delete", { ids: [top.id] });
    expect(gone.status).toBe(204);
    expect((await call<{ items: unknown[] }>(server, user, "GET", "/trash")).body.items).toEqual([]);
    await release();
    await jobsDone(server);

    expect(await rowsOf(top.id)).toEqual([]);
    const strays = await server.db.query(
      "SELECT id FROM files f WHERE user_id = $1 AND parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM files p WHERE p.id = f.parent_id)",
      [user.userId],
    );
    expect(strays).toEqual([]);
    expect(await Promise.all(parts.map((p) => partExists(server.config, p)))).toEqual(parts.map(() => false));
    expect(await driveNames(user)).toEqual([`${top.parentId}/keep.bin`]);
    const [kept] = await partRefsOf(server, keep.id);
    expect(kept && (await partExists(server.config, kept))).toBe(true);
    expect(await drifts()).toEqual({ counts: [], marks: [] });
  });
});

describe("shares inside a big deleted tree", () => {
  /** Shares `id` and returns the share's id. */
  async function shareOf(user: TestUser, id: string): Promise<string> {
    expect((await call(server, user, "POST", `/files/${id}/share`, {})).status).toBe(201);
    return (await call<{ id: string }>(server, user, "GET", `/files/${id}/share`)).body.id;
  }

  /** What an anonymous visitor gets from a share: its description, its listing and one file's content. */
  async function visit(share: string, file: FileJson): Promise<number[]> {
    const urls = [`/api/shares/${share}`, `/api/shares/${share}/files`, `/api/shares/${share}/files/${file.id}/x`];
    return Promise.all(urls.map(async (url) => (await server.app.inject({ url })).statusCode));
  }

  it("stop at once, before the job reaches their rows: in the trash, and when deleted for good", async () => {
    const user = await createUser(server);
    const { top, files } = await bigTree(user);
    const b = await itemAt(server, user, "/big/a", "b");
    const deep = files.find((f) => f.parentId === b.id) as FileJson;
    const shares = [await shareOf(user, deep.id), await shareOf(user, b.id)];
    const visitAll = async () => [...(await visit(shares[0] ?? "", deep)), ...(await visit(shares[1] ?? "", deep))];
    expect(await visitAll()).toEqual(Array(6).fill(200));
    const stillActive = async () =>
      (
        await server.db.query<{ status: string }>("SELECT status FROM files WHERE id = ANY($1::uuid[])", [
          [b.id, deep.id],
        ])
      )
        .map((r) => r.status)
        .every((s) => s === "active");

    await trashHeld(user, top.id);
    expect(await stillActive()).toBe(true);
    expect(await visitAll()).toEqual(Array(6).fill(404));
    expect((await call(server, user, "POST", "/trash/restore", { ids: [top.id] })).status).toBe(200);
    expect(await visitAll()).toEqual(Array(6).fill(200));

    await server.db.tx(async (q) => {
      await requireOwnedFile(q, user.userId, top.id, "update");
      await deleteTrees(q, [{ id: top.id }], "purging", BATCH);
      await q.query("UPDATE jobs SET run_at = now() + interval '1 hour' WHERE kind = $1", [SETTLE_TREES_JOB]);
    });
    expect(await stillActive()).toBe(true);
    expect(await visitAll()).toEqual(Array(6).fill(404));
    await release();
    await jobsDone(server);
    expect(await visitAll()).toEqual(Array(6).fill(404));
  });
});

describe("deleting big trees through the API", () => {
  it("to the trash and for good: each answer leaves the rest to the job, which leaves no row and no part", async () => {
    const user = await createUser(server);
    const { top, files } = await bigTree(user);
    const parts = (await Promise.all(files.map((f) => partRefsOf(server, f.id)))).flat();
    expect((await call(server, user, "POST", "/files/delete", { ids: [top.id] })).status).toBe(204);
    expect((await call(server, user, "POST", "/trash/empty")).status).toBe(204);
    await jobsDone(server);
    expect(await rowsOf(top.id)).toEqual([]);
    expect(await driveNames(user)).toEqual([]);
    expect(await Promise.all(parts.map((p) => partExists(server.config, p)))).toEqual(parts.map(() => false));
    expect(await drifts()).toEqual({ counts: [], marks: [] });
  });

  it("in Teldrive 1.8 mode a big tree is deleted for good the same way", async () => {
    const old = await startServer({ COMPAT: "teldrive-1.8" }, { deleteBatchRows: BATCH });
    try {
      const user = await createUser(old);
      await mkdir(old, user, "/big/a");
      for (let i = 0; i < 10; i++)
        await create(old, user, { name: `f${i}`, type: "file", path: i % 2 ? "/big" : "/big/a", size: 0 });
      const top = await itemAt(old, user, "/", "big");
      expect((await call(old, user, "POST", "/files/delete", { ids: [top.id] })).status).toBe(204);
      await jobsDone(old);
      const left = await old.db.query("SELECT id FROM files WHERE user_id = $1 AND parent_id IS NOT NULL", [
        user.userId,
      ]);
      expect(left).toEqual([]);
    } finally {
      await old.close();
    }
  });
});

describe("DELETE_BATCH_ROWS", () => {
  it("is 1,000 rows unless set, and a setting that is not a whole number above 0 stops the server", () => {
    expect(loadConfig({}).deleteBatchRows).toBe(1000);
    expect(loadConfig({ DELETE_BATCH_ROWS: "250" }).deleteBatchRows).toBe(250);
    for (const bad of ["0", "-5", "1.5", "many"])
      expect(() => loadConfig({ DELETE_BATCH_ROWS: bad })).toThrow(ConfigError);
  });
});
