import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameSortKey } from "../src/db/name-key.js";
import {
  call,
  type FileJson,
  list,
  mkdir,
  partsOf,
  type TestUser,
  wrongFolderCounts,
  wrongMarks,
} from "./files-api.js";
import { createUser, startServer, type TestServer } from "./helpers.js";

/**
 * Deep pages of big listings come from page marks kept by the database (files/paging.ts). Here a folder gets
 * enough rows for marks (5,200 files and 30 folders), written and then churned through the API, and every page of
 * it, of the whole drive and of a category, in every order, must be exactly the rows in that order.
 */

let server: TestServer;
let user: TestUser;
let big: FileJson;
let other: FileJson;

const SEEDED = 5200;
const COLUMNS = { name: "name_key", size: "size", updatedAt: "updated_at" } as const;
type Sort = keyof typeof COLUMNS;

beforeAll(async () => {
  server = await startServer();
  user = await createUser(server);
  await mkdir(server, user, "/big");
  await mkdir(server, user, "/other");
  const top = (await list(server, user, { path: "/" })).body.items;
  big = top.find((f) => f.name === "big") as FileJson;
  other = top.find((f) => f.name === "other") as FileJson;
  for (let i = 0; i < 30; i++) await mkdir(server, user, `/big/folder ${i}`);
  // Bulk rows straight into the table, as many uploads would leave them (sizes and dates with many ties); the
  // database's triggers count them and mark them like any other write.
  const exts = [".jpg", ".txt", ".mp4", ".zip"];
  const names = Array.from({ length: SEEDED }, (_, i) => `File ${(i * 7919) % SEEDED}${exts[i % 4]}`);
  const cats = ["image", "document", "video", "archive"];
  await server.db.background.query(
    `INSERT INTO files (id, name, name_key, type, mime_type, size, category, user_id, parent_id, updated_at)
     SELECT gen_random_uuid(), v.name, v.key, 'file', 'application/octet-stream', v.i % 37, v.cat, $1, $2,
            timestamptz '2024-01-01' + (v.i % 101) * interval '1 hour'
     FROM unnest($3::text[], $4::text[], $5::int[], $6::text[]) AS v(name, key, i, cat)`,
    [user.userId, big.id, names, names.map(nameSortKey), names.map((_, i) => i), names.map((_, i) => cats[i % 4])],
  );
}, 300_000);
afterAll(() => server.close());

/** The ids of every row of a listing, read page by page through the API. */
async function pagedIds(params: Record<string, string | number | boolean>, limit: number): Promise<string[]> {
  const first = await list(server, user, { ...params, limit, page: 1 });
  expect(first.status).toBe(200);
  const ids = first.body.items.map((f) => f.id);
  for (let page = 2; page <= first.body.meta.totalPages; page++) {
    const res = await list(server, user, { ...params, limit, page });
    expect(res.body.meta.count).toBe(first.body.meta.count);
    ids.push(...res.body.items.map((f) => f.id));
  }
  expect(ids).toHaveLength(first.body.meta.count);
  return ids;
}

/** The same rows straight from the table: folders first, then the sort key, id breaking ties. */
async function expectedIds(where: string, params: unknown[], sort: Sort, order: "asc" | "desc"): Promise<string[]> {
  const dir = order === "desc" ? "DESC" : "ASC";
  const rows = await server.db.query<{ id: string }>(
    `SELECT id FROM files WHERE ${where} AND status = 'active'
     ORDER BY type = 'file', ${COLUMNS[sort]} ${dir}, id ${dir}`,
    params,
  );
  return rows.map((r) => r.id);
}

async function expectEveryPage() {
  for (const sort of Object.keys(COLUMNS) as Sort[])
    for (const order of ["asc", "desc"] as const) {
      const folder = await pagedIds({ path: "/big", sort, order }, 500);
      expect(folder, `folder by ${sort} ${order}`).toEqual(await expectedIds("parent_id = $1", [big.id], sort, order));
      const drive = await pagedIds({ operation: "find", type: "file", sort, order }, 1000);
      expect(drive, `drive by ${sort} ${order}`).toEqual(
        await expectedIds("user_id = $1 AND parent_id IS NOT NULL AND type = 'file'", [user.userId], sort, order),
      );
      const videos = await pagedIds({ operation: "find", category: "video", sort, order }, 300);
      expect(videos, `videos by ${sort} ${order}`).toEqual(
        await expectedIds("user_id = $1 AND parent_id IS NOT NULL AND category = 'video'", [user.userId], sort, order),
      );
    }
  expect(await wrongFolderCounts(server)).toEqual([]);
  expect(await wrongMarks(server)).toEqual([]);
}

describe("paging a big folder, the whole drive and a category", () => {
  it("gives every row once, in order, on every page", async () => {
    const marks = await server.db.query<{ n: number }>("SELECT count(*) AS n FROM page_marks");
    expect(marks[0]?.n).toBeGreaterThan(0);
    await expectEveryPage();
  }, 600_000);

  it("stays exact after creates, renames, moves, copies, content changes and deletes through the API", async () => {
    const ids = (await pagedIds({ path: "/big", sort: "name" }, 1000)).slice(30);
    const pick = (from: number, n: number) => ids.slice(from, from + n);
    for (let i = 0; i < 150; i++) {
      const res = await call(server, user, "POST", "/files", {
        name: `new ${i}.mp4`,
        type: "file",
        parentId: big.id,
        size: 0,
        updatedAt: `2024-01-0${1 + (i % 9)}T00:00:00Z`,
      });
      expect(res.status).toBe(201);
    }
    for (const id of pick(0, 120))
      expect((await call(server, user, "PATCH", `/files/${id}`, { name: `renamed ${id}.mp4` })).status).toBe(200);
    expect(
      (await call(server, user, "POST", "/files/move", { ids: pick(200, 150), destinationParent: other.id })).status,
    ).toBe(204);
    expect(
      (await call(server, user, "POST", "/files/move", { ids: pick(200, 60), destinationParent: big.id })).status,
    ).toBe(204);
    expect((await call(server, user, "POST", "/files/delete", { ids: pick(1000, 400) })).status).toBe(204);
    // Back from the trash: the rows count again where they were.
    expect((await call(server, user, "POST", "/trash/restore", { ids: pick(1100, 150) })).status).toBe(200);
    expect((await call(server, user, "POST", `/files/${ids[3000]}/copy`, { destination: other.id })).status).toBe(200);
    for (const id of pick(4000, 10)) {
      const size = 1 + Math.floor(Math.random() * 50);
      const res = await call(server, user, "PATCH", `/files/${id}`, { parts: await partsOf(server, user, size), size });
      expect(res.status).toBe(200);
    }
    await expectEveryPage();
  }, 600_000);
});
