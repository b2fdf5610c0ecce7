import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { MAX_ITEMS_PER_REQUEST } from "../src/files/bulk-write.js";
import { restoreTrashed } from "../src/files/trash.js";
import { requireOwnedFile } from "../src/files/tree.js";
import { copyTree } from "../src/files/tree-copy.js";
import {
  call,
  create,
  type FileJson,
  itemAt,
  list,
  mkdir,
  partsOf,
  type TestUser,
  wrongFolderCounts,
  wrongMarks,
} from "./files-api.js";
import { createUser, jobsDone, startServer, type TestServer } from "./helpers.js";

/**
 * Bulk writes in batches (files/bulk-write.ts): a copy, a restore and emptying the trash write one batch in the
 * request and the rest in a job, a batch per transaction. The server here takes 4 rows per batch, lets a user run
 * one such job at a time and copy at most 60 rows at once; every statement's size on `files` is recorded.
 */

const BATCH = 4;
const MAX_ROWS = 60;
let server: TestServer;

beforeAll(async () => {
  server = await startServer({}, { deleteBatchRows: BATCH, bulkJobsPerUser: 1, bulkMaxRows: MAX_ROWS });
  // How many rows each statement inserted into or changed in `files`: no bulk write may exceed a batch.
  await server.db.query("CREATE TABLE statement_rows (op text, n bigint)");
  await server.db.query(`CREATE FUNCTION record_statement_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO statement_rows SELECT TG_OP, count(*) FROM new_rows;
      RETURN NULL;
    END $$`);
  for (const op of ["INSERT", "UPDATE"])
    await server.db.query(
      `CREATE TRIGGER record_${op.toLowerCase()}_rows AFTER ${op} ON files REFERENCING NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION record_statement_rows()`,
    );
});
afterAll(() => server.close());

const drifts = async () => ({ counts: await wrongFolderCounts(server), marks: await wrongMarks(server) });

/** `top` with `files` files and a subfolder `sub` holding `files` more and a sub-subfolder `deep` with 3. */
async function makeTree(user: TestUser, top: string, files: number): Promise<FileJson> {
  await mkdir(server, user, `${top}/sub/deep`);
  const [part] = await partsOf(server, user, 16);
  for (const [dir, n] of [
    [top, files],
    [`${top}/sub`, files],
    [`${top}/sub/deep`, 3],
  ] as const)
    for (let i = 0; i < n; i++)
      await create(server, user, {
        name: `f${i}.txt`,
        type: "file",
        path: dir,
        ...(i === 0 ? { parts: [part], size: 16 } : { size: 0 }),
      });
  const slash = top.lastIndexOf("/");
  return itemAt(server, user, top.slice(0, slash) || "/", top.slice(slash + 1));
}

/** Every active row below `id`: its path below it, type, size, parts and hash. */
async function treeOf(id: string): Promise<string[]> {
  const rows = await server.db.query<{ line: string }>(
    `WITH RECURSIVE t(id, path) AS (
       SELECT id, ''::text FROM files WHERE id = $1
       UNION ALL
       SELECT f.id, t.path || '/' || f.name FROM files f JOIN t ON f.parent_id = t.id WHERE f.status = 'active'
     )
     SELECT concat_ws(' ', t.path, f.type, f.size, f.parts::text, f.hash) AS line
     FROM t JOIN files f USING (id) WHERE t.id <> $1 ORDER BY 1`,
    [id],
  );
  return rows.map((r) => r.line);
}

/** What `fn` returns, and how many statements the server's transactions ran meanwhile. */
async function queriesIn<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const { db } = server;
  const tx = db.tx;
  let queries = 0;
  db.tx = (inner) =>
    tx((q) =>
      inner({
        query: (sql, params) => {
          queries++;
          return q.query(sql, params);
        },
      }),
    );
  try {
    return { result: await fn(), queries };
  } finally {
    db.tx = tx;
  }
}

const jobsOf = (kind: string) =>
  server.db.query<{ user_id: number }>("SELECT user_id FROM jobs WHERE kind = $1", [kind]);

const largestStatement = async () => {
  const [row] = await server.db.query<{ n: number }>("SELECT coalesce(max(n), 0)::int AS n FROM statement_rows");
  return row?.n ?? 0;
};

describe("copying a tree bigger than one batch", () => {
  it("answers with the copy's top after one batch; the job copies the rest, whole and correct", async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    await create(server, other, { name: "mine.txt", type: "file", path: "/", size: 0 });
    const source = await makeTree(user, "/src", 20);
    const expected = await treeOf(source.id);
    expect(expected.length).toBe(45);
    await mkdir(server, user, "/dest");
    await server.db.query("DELETE FROM statement_rows");

    const copied = await call<FileJson>(server, user, "POST", `/files/${source.id}/copy`, { destination: "/dest" });
    expect(copied.status).toBe(200);
    expect(copied.body).toMatchObject({ name: "src", type: "folder" });
    // Answered after one batch: the rest is still to come, in a job of this user.
    expect((await treeOf(copied.body.id)).length).toBeLessThan(expected.length);
    expect(await jobsOf("copy-tree")).toEqual([{ user_id: user.userId }]);
    // Another user's listing completes while the copy is still going on.
    const theirs = await list(server, other, { path: "/" });
    expect(theirs.status).toBe(200);
    expect(theirs.body.items.map((f) => f.name)).toEqual(["mine.txt"]);
    expect((await jobsOf("copy-tree")).length).toBe(1);

    await jobsDone(server);
    expect(await treeOf(copied.body.id)).toEqual(expected);
    expect(await jobsOf("copy-tree")).toEqual([]);
    expect(await server.db.query("SELECT * FROM copy_runs")).toEqual([]);
    expect(await largestStatement()).toBeLessThanOrEqual(BATCH);
    expect(await drifts()).toEqual({ counts: [], marks: [] });
    // The copy is a drive of its own: listing it pages as any folder.
    const sub = await list(server, user, { path: "/dest/src/sub" });
    expect(sub.body.meta.count).toBe(21);
  });

  it("an item put in the copy meanwhile keeps its name; the copied one gets the next free name", async () => {
    const user = await createUser(server);
    const source = await makeTree(user, "/src", 6);
    await mkdir(server, user, "/dest");
    const dest = await itemAt(server, user, "/", "dest");
    // The copy as the request makes it, its job held back until the user has added a file to it.
    const top = await server.db.tx(async (q) => {
      const row = await copyTree(
        q,
        {
          source: await requireOwnedFile(q, user.userId, source.id, "share"),
          dest: dest.id,
          name: "copy",
          updatedAt: new Date().toISOString(),
          userId: user.userId,
        },
        { deleteBatchRows: BATCH, bulkJobsPerUser: 1, bulkMaxRows: MAX_ROWS },
      );
      await q.query("UPDATE jobs SET run_at = now() + interval '1 hour' WHERE kind = 'copy-tree'");
      return row;
    });
    const sub = await itemAt(server, user, "/dest/copy", "sub");
    await create(server, user, { name: "f5.txt", type: "file", parentId: sub.id, size: 0 });
    await server.db.query("UPDATE jobs SET run_at = now() WHERE kind = 'copy-tree'");
    await jobsDone(server);
    const names = (await list(server, user, { parentId: sub.id, limit: 100 })).body.items.map((f) => f.name);
    expect(names.filter((n) => n.startsWith("f5"))).toEqual(["f5 (1).txt", "f5.txt"]);
    expect((await treeOf(top.id)).length).toBe((await treeOf(source.id)).length + 1);
    expect(await drifts()).toEqual({ counts: [], marks: [] });
  });

  it("deleting the copy while it is made stops it; the copy in the trash holds only what was made", async () => {
    const user = await createUser(server);
    const source = await makeTree(user, "/src", 10);
    const copied = await call<FileJson>(server, user, "POST", `/files/${source.id}/copy`, {
      destination: "/",
      newName: "gone",
    });
    expect(copied.status).toBe(200);
    expect((await call(server, user, "POST", "/files/delete", { ids: [copied.body.id] })).status).toBe(204);
    await jobsDone(server);
    expect(await server.db.query("SELECT * FROM copy_runs")).toEqual([]);
    const active = await server.db.query(
      "SELECT id FROM files WHERE user_id = $1 AND status = 'active' AND parent_id IS NOT NULL AND id <> ALL($2::uuid[])",
      [user.userId, [source.id]],
    );
    // Only the source tree is left active: 25 rows below it, none of the copy.
    expect(active.length).toBe(25);
    expect(await drifts()).toEqual({ counts: [], marks: [] });
  });
});

describe("restoring from the trash in batches", () => {
  it("a big tree: the item at once, the rest by the job, while another user's listing completes", async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    await create(server, other, { name: "theirs.txt", type: "file", path: "/", size: 0 });
    const top = await makeTree(user, "/big", 20);
    const before = await treeOf(top.id);
    expect((await call(server, user, "POST", "/files/delete", { ids: [top.id] })).status).toBe(204);
    await jobsDone(server);
    await server.db.query("DELETE FROM statement_rows");

    const back = await call<{ restored: FileJson[] }>(server, user, "POST", "/trash/restore", { ids: [top.id] });
    expect(back.status).toBe(200);
    expect(back.body.restored.map((f) => [f.name, f.path])).toEqual([["big", "/big"]]);
    expect((await treeOf(top.id)).length).toBeLessThan(before.length);
    expect(await jobsOf("restore-trees")).toEqual([{ user_id: user.userId }]);
    const theirs = await list(server, other, { path: "/" });
    expect(theirs.body.items.map((f) => f.name)).toEqual(["theirs.txt"]);
    expect((await jobsOf("restore-trees")).length).toBe(1);

    await jobsDone(server);
    expect(await treeOf(top.id)).toEqual(before);
    expect(await largestStatement()).toBeLessThanOrEqual(BATCH);
    expect(await drifts()).toEqual({ counts: [], marks: [] });
  });

  it("with rename, many clashing names each get the first free number, in a handful of statements", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/r");
    const count = 300;
    const doomed: string[] = [];
    for (let i = 0; i < count; i++)
      doomed.push((await create(server, user, { name: `x${i}.txt`, type: "file", path: "/r", size: 0 })).id);
    // Two items of the same name deleted from the same folder at different times.
    const twins: string[] = [];
    for (let i = 0; i < 2; i++) {
      const twin = await create(server, user, { name: "twin", type: "file", path: "/r", size: 0 });
      expect((await call(server, user, "POST", "/files/delete", { ids: [twin.id] })).status).toBe(204);
      twins.push(twin.id);
    }
    expect((await call(server, user, "POST", "/files/delete", { ids: doomed })).status).toBe(204);
    for (let i = 0; i < count; i++)
      await create(server, user, { name: `x${i}.txt`, type: "file", path: "/r", size: 0 });
    for (const taken of ["x0 (1).txt", "x0 (2).txt", "x7 (1).txt"])
      await create(server, user, { name: taken, type: "file", path: "/r", size: 0 });

    const ids = [...doomed, ...twins];
    const refused = await call<{ clashes: unknown[] }>(server, user, "POST", "/trash/restore", { ids });
    expect(refused.status).toBe(409);
    expect(refused.body.clashes.length).toBe(count + 1);
    const { result: back, queries } = await queriesIn(() =>
      call<{ restored: FileJson[] }>(server, user, "POST", "/trash/restore", { ids, onConflict: "rename" }),
    );
    expect(back.status).toBe(200);
    // A handful of statements for 302 items and their candidate names, not one (or more) per item or candidate.
    expect(queries).toBeLessThan(20);
    const names = back.body.restored.map((f) => f.name);
    const expected = [
      ...Array.from({ length: count }, (_, i) => (i === 0 ? "x0 (3).txt" : i === 7 ? "x7 (2).txt" : `x${i} (1).txt`)),
      "twin",
      "twin (1)",
    ];
    expect([...names].sort()).toEqual([...expected].sort());
    expect(back.body.restored.every((f) => f.path === `/r/${f.name}`)).toBe(true);
    const listed = await list(server, user, { path: "/r", limit: 1000 });
    expect(listed.body.meta.count).toBe(2 * count + 3 + 2);
    expect(await drifts()).toEqual({ counts: [], marks: [] });
  });

  it("a name taken in a restored folder before its rows are back: the item put there keeps it", async () => {
    const user = await createUser(server);
    const top = await makeTree(user, "/back", 8);
    expect((await call(server, user, "POST", "/files/delete", { ids: [top.id] })).status).toBe(204);
    await jobsDone(server);
    // A first batch of 2 rows: the folders come back first, their files are still in the trash.
    await server.db.tx(async (q) => {
      await restoreTrashed(q, user.userId, [top.id], undefined, { deleteBatchRows: 2, bulkJobsPerUser: 1 });
      await q.query("UPDATE jobs SET run_at = now() + interval '1 hour' WHERE kind = 'restore-trees'");
    });
    const sub = await itemAt(server, user, "/back", "sub");
    expect((await list(server, user, { parentId: sub.id })).body.items.map((f) => f.name)).toEqual(["deep"]);
    await create(server, user, { name: "f3.txt", type: "file", parentId: sub.id, size: 0 });
    await server.db.query("UPDATE jobs SET run_at = now() WHERE kind = 'restore-trees'");
    await jobsDone(server);
    const names = (await list(server, user, { parentId: sub.id, limit: 100 })).body.items.map((f) => f.name);
    expect(names.filter((n) => n.startsWith("f3"))).toEqual(["f3 (1).txt", "f3.txt"]);
    expect(names.length).toBe(10);
    expect(await drifts()).toEqual({ counts: [], marks: [] });
  });
});

describe("emptying a big trash", () => {
  it("the first batch in the request, the rest by the job: nothing is left", async () => {
    const user = await createUser(server);
    const ids: string[] = [];
    for (let i = 0; i < 3 * BATCH + 1; i++)
      ids.push((await create(server, user, { name: `t${i}`, type: "file", path: "/", size: 0 })).id);
    expect((await call(server, user, "POST", "/files/delete", { ids })).status).toBe(204);
    expect((await call(server, user, "POST", "/trash/empty")).status).toBe(204);
    await jobsDone(server);
    expect((await call<{ items: unknown[] }>(server, user, "GET", "/trash")).body.items).toEqual([]);
    expect(await server.db.query("SELECT id FROM files WHERE id = ANY($1::uuid[])", [ids])).toEqual([]);
  });
});

describe("limits per user", () => {
  it(`more than ${MAX_ITEMS_PER_REQUEST} items in one move, delete or restore: 429, nothing changes`, async () => {
    const user = await createUser(server);
    const ids = Array.from({ length: MAX_ITEMS_PER_REQUEST + 1 }, () => crypto.randomUUID());
    for (const [url, body] of [
      ["/files/move", { ids, destinationParent: "/" }],
      ["/files/delete", { ids }],
      ["/trash/restore", { ids }],
      ["/trash/delete", { ids }],
    ] as const) {
      const res = await call<{ message: string }>(server, user, "POST", url, body);
      expect(res.status, url).toBe(429);
      expect(res.body.message).toMatch(/at most 1,000 at a time/);
    }
  });

  it("a second big copy while one still runs: 429 until it has finished; a small copy is never refused", async () => {
    const user = await createUser(server);
    const source = await makeTree(user, "/src", 6);
    const dest = await itemAt(server, user, "/", "src");
    const small = await create(server, user, { name: "small.txt", type: "file", path: "/", size: 0 });
    await server.db.tx(async (q) => {
      await copyTree(
        q,
        {
          source: await requireOwnedFile(q, user.userId, source.id, "share"),
          dest: dest.parentId ?? "",
          name: "first",
          updatedAt: new Date().toISOString(),
          userId: user.userId,
        },
        { deleteBatchRows: BATCH, bulkJobsPerUser: 1, bulkMaxRows: MAX_ROWS },
      );
      await q.query("UPDATE jobs SET run_at = now() + interval '1 hour' WHERE kind = 'copy-tree'");
    });
    const second = await call<{ message: string }>(server, user, "POST", `/files/${source.id}/copy`, {
      destination: "/",
      newName: "second",
    });
    expect(second.status).toBe(429);
    expect(second.body.message).toMatch(/still running in the background; try again once one has finished/);
    expect((await list(server, user, { operation: "find", path: "/", name: "second" })).body.items).toEqual([]);
    const smallCopy = await call(server, user, "POST", `/files/${small.id}/copy`, { destination: "/", newName: "s2" });
    expect(smallCopy.status).toBe(200);
    // Another user is not held back by this one's job.
    const other = await createUser(server);
    const theirs = await makeTree(other, "/t", 6);
    expect(
      (await call(server, other, "POST", `/files/${theirs.id}/copy`, { destination: "/", newName: "c" })).status,
    ).toBe(200);

    await server.db.query("UPDATE jobs SET run_at = now() WHERE kind = 'copy-tree'");
    await jobsDone(server);
    const third = await call(server, user, "POST", `/files/${source.id}/copy`, { destination: "/", newName: "third" });
    expect(third.status).toBe(200);
    await jobsDone(server);
  });

  it(`a copy of more than ${MAX_ROWS} rows: 429, and nothing is copied`, async () => {
    const user = await createUser(server);
    const source = await makeTree(user, "/huge", 30);
    await mkdir(server, user, "/dest");
    const res = await call<{ message: string }>(server, user, "POST", `/files/${source.id}/copy`, {
      destination: "/dest",
    });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/holds 66 files and folders; one copy may hold at most 60/);
    expect((await list(server, user, { path: "/dest" })).body.items).toEqual([]);
    expect(await jobsOf("copy-tree")).toEqual([]);
  });
});

describe("BULK_JOBS_PER_USER and BULK_MAX_ROWS", () => {
  it("are 2 jobs and 1,000,000 rows unless set", () => {
    expect(loadConfig({}).bulkJobsPerUser).toBe(2);
    expect(loadConfig({}).bulkMaxRows).toBe(1_000_000);
    expect(loadConfig({ BULK_JOBS_PER_USER: "5", BULK_MAX_ROWS: "10" })).toMatchObject({
      bulkJobsPerUser: 5,
      bulkMaxRows: 10,
    });
  });
});
