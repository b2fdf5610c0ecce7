import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PartRef } from "../src/storage/store.js";
import {
  call,
  create,
  type FileJson,
  type FileListJson,
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
import { sha256, uploadParts } from "./upload-fixtures.js";

interface TrashItemJson extends FileJson {
  trashedAt: string;
  origin: string;
}
interface TrashPageJson {
  items: TrashItemJson[];
  meta: FileListJson["meta"];
}
interface RestoreJson {
  restored: FileJson[];
  skipped: string[];
}
interface ClashJson {
  code: number;
  message: string;
  clashes: { id: string; name: string; destination: string }[];
}

let server: TestServer;

/** Uploads bytes in parts and registers them through POST /files with the uploadId (the parts become the file's). */
async function storeFile(
  srv: TestServer,
  user: TestUser,
  data: Buffer,
  opts: { name: string; path?: string; partSize?: number },
): Promise<FileJson> {
  const uploadId = crypto.randomUUID();
  await uploadParts(srv, user.cookie, data, { partSize: opts.partSize ?? data.length, uploadId, name: opts.name });
  return create(srv, user, { name: opts.name, type: "file", path: opts.path ?? "/", uploadId, size: data.length });
}
beforeAll(async () => {
  server = await startServer({ ENCRYPTION_KEY: "trash test key" });
});
afterAll(() => server.close());

const at = (user: TestUser, dir: string, name: string) => itemAt(server, user, dir, name);

const names = async (user: TestUser, path: string) =>
  (await list(server, user, { path })).body.items.map((f) => f.name);

const trash = async (user: TestUser, query = "") => {
  const res = await call<TrashPageJson>(server, user, "GET", `/trash${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

const remove = (user: TestUser, ids: string[]) => call(server, user, "POST", "/files/delete", { ids });
const restore = (user: TestUser, ids: string[], onConflict?: string) =>
  call<RestoreJson & ClashJson>(server, user, "POST", "/trash/restore", { ids, onConflict });

async function content(user: TestUser, file: { id: string; name: string }) {
  return server.app.inject({
    url: `/api/files/${file.id}/${encodeURIComponent(file.name)}`,
    headers: { cookie: user.cookie },
  });
}

const partRefs = (fileId: string) => partRefsOf(server, fileId);
const existing = (refs: PartRef[]) => Promise.all(refs.map((r) => partExists(server.config, r)));

async function countsAreRight() {
  expect(await wrongFolderCounts(server)).toEqual([]);
  expect(await wrongMarks(server)).toEqual([]);
}

describe("delete and restore", () => {
  it("a deleted tree leaves the drive whole, is listed once with its origin, and comes back byte for byte", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/Docs/Trip/deep");
    const bytes = crypto.randomBytes(5000);
    const file = await storeFile(server, user, bytes, {
      name: "photo.jpg",
      path: "/Docs/Trip/deep",
      partSize: 1024,
    });
    const note = await create(server, user, { name: "note.txt", type: "file", path: "/Docs", size: 0 });
    const trip = await at(user, "/Docs", "Trip");
    const before = Date.now();

    expect((await remove(user, [trip.id])).status).toBe(204);
    expect(await names(user, "/Docs")).toEqual(["note.txt"]);
    for (const id of [trip.id, file.id]) expect((await call(server, user, "GET", `/files/${id}`)).status).toBe(404);
    const listed = await trash(user);
    expect(listed.meta).toEqual({ count: 1, totalPages: 1, currentPage: 1 });
    expect(listed.items[0]).toMatchObject({ id: trip.id, name: "Trip", type: "folder", origin: "/Docs" });
    const trashedAt = Date.parse(listed.items[0]?.trashedAt ?? "");
    expect(trashedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(trashedAt).toBeLessThanOrEqual(Date.now());
    // The parts stay while the item is in the trash.
    await jobsDone(server);
    expect(await existing(await partRefs(file.id))).toEqual([true, true, true, true, true]);
    await countsAreRight();

    const back = await restore(user, [trip.id]);
    expect(back.status).toBe(200);
    expect(back.body.restored.map((f) => [f.id, f.name, f.path])).toEqual([[trip.id, "Trip", "/Docs/Trip"]]);
    expect(back.body.skipped).toEqual([]);
    expect(await names(user, "/Docs")).toEqual(["Trip", "note.txt"]);
    expect(await names(user, "/Docs/Trip/deep")).toEqual(["photo.jpg"]);
    const read = await content(user, file);
    expect(read.statusCode).toBe(200);
    expect(sha256(read.rawPayload)).toBe(sha256(bytes));
    expect((await trash(user)).items).toEqual([]);
    expect(note.name).toBe("note.txt");
    await countsAreRight();
  });

  it("a selection holding a folder and something inside it is one item in the trash", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/A/B");
    const a = await at(user, "/", "A");
    const inner = await create(server, user, { name: "in.txt", type: "file", path: "/A/B", size: 0 });
    const loose = await create(server, user, { name: "loose.txt", type: "file", path: "/", size: 0 });
    expect((await remove(user, [inner.id, a.id, loose.id])).status).toBe(204);
    const items = (await trash(user)).items;
    expect(items.map((i) => [i.name, i.origin]).sort()).toEqual([
      ["A", "/"],
      ["loose.txt", "/"],
    ]);
    expect((await restore(user, [a.id])).status).toBe(200);
    expect(await names(user, "/A/B")).toEqual(["in.txt"]);
    expect((await trash(user)).items.map((i) => i.name)).toEqual(["loose.txt"]);
  });

  it("an item deleted before its folder stays an item of its own and recreates the folder when restored", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/Old/Sub");
    const first = await create(server, user, { name: "first.txt", type: "file", path: "/Old/Sub", size: 0 });
    const old = await at(user, "/", "Old");
    await remove(user, [first.id]);
    await remove(user, [old.id]);
    expect((await trash(user)).items.map((i) => [i.name, i.origin])).toEqual([
      ["Old", "/"],
      ["first.txt", "/Old/Sub"],
    ]);
    // Old is gone for good: first.txt goes back to a new /Old/Sub.
    expect((await call(server, user, "POST", "/trash/delete", { ids: [old.id] })).status).toBe(204);
    const back = await restore(user, [first.id]);
    expect(back.body.restored[0]?.path).toBe("/Old/Sub/first.txt");
    expect(await names(user, "/Old/Sub")).toEqual(["first.txt"]);
    await countsAreRight();
  });

  it("pages the trash newest first", async () => {
    const user = await createUser(server);
    const made: FileJson[] = [];
    for (let i = 0; i < 5; i++) {
      const f = await create(server, user, { name: `f${i}`, type: "file", path: "/", size: 0 });
      made.push(f);
      await remove(user, [f.id]);
      await server.db.query("UPDATE files SET trashed_at = now() - make_interval(mins => $2) WHERE id = $1", [
        f.id,
        10 - i,
      ]);
    }
    const first = await trash(user, "?limit=2");
    expect(first.meta).toEqual({ count: 5, totalPages: 3, currentPage: 1 });
    expect(first.items.map((i) => i.name)).toEqual(["f4", "f3"]);
    expect((await trash(user, "?limit=2&page=3")).items.map((i) => i.name)).toEqual(["f0"]);
    expect((await call(server, user, "GET", "/trash?limit=0")).status).toBe(400);
  });
});

describe("name clashes on restore", () => {
  async function clashing(user: TestUser) {
    const old = await create(server, user, { name: "report.pdf", type: "file", path: "/", size: 0 });
    await remove(user, [old.id]);
    const fresh = await create(server, user, { name: "report.pdf", type: "file", path: "/", size: 0 });
    return { old, fresh };
  }

  it("without a choice answers 409 naming each clash and restores nothing", async () => {
    const user = await createUser(server);
    const { old } = await clashing(user);
    const free = await create(server, user, { name: "free.txt", type: "file", path: "/", size: 0 });
    await remove(user, [free.id]);
    const res = await restore(user, [old.id, free.id]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('"report.pdf" already exists in /');
    expect(res.body.clashes).toEqual([{ id: old.id, name: "report.pdf", destination: "/" }]);
    expect((await trash(user)).meta.count).toBe(2);
  });

  it("rename, skip and replace", async () => {
    const user = await createUser(server);
    const { old, fresh } = await clashing(user);
    const skipped = await restore(user, [old.id], "skip");
    expect(skipped.body).toEqual({ restored: [], skipped: [old.id] });
    const renamed = await restore(user, [old.id], "rename");
    expect(renamed.body.restored.map((f) => f.name)).toEqual(["report (1).pdf"]);
    expect(await names(user, "/")).toEqual(["report (1).pdf", "report.pdf"]);

    await remove(user, [old.id]);
    const replaced = await restore(user, [old.id], "replace");
    expect(replaced.body.restored.map((f) => [f.id, f.name])).toEqual([[old.id, "report (1).pdf"]]);
    // That was no clash; now make one and replace: the item that held the name goes to the trash.
    await remove(user, [old.id]);
    await call(server, user, "PATCH", `/files/${fresh.id}`, { name: "report (1).pdf" });
    expect((await restore(user, [old.id], "replace")).status).toBe(200);
    expect((await list(server, user, { path: "/" })).body.items.map((f) => f.id)).toEqual([old.id]);
    expect((await trash(user)).items.map((i) => i.id)).toEqual([fresh.id]);
    await countsAreRight();
  });

  it("two restored items with one name in one folder: the second is renamed", async () => {
    const user = await createUser(server);
    const a = await create(server, user, { name: "same.txt", type: "file", path: "/", size: 0 });
    await remove(user, [a.id]);
    const b = await create(server, user, { name: "same.txt", type: "file", path: "/", size: 0 });
    await remove(user, [b.id]);
    expect((await restore(user, [a.id, b.id])).status).toBe(409);
    const res = await restore(user, [a.id, b.id], "replace");
    expect(res.status).toBe(200);
    expect((await names(user, "/")).sort()).toEqual(["same (1).txt", "same.txt"]);
    expect((await trash(user)).items).toEqual([]);
  });
});

describe("a trashed item is nowhere but in the trash", () => {
  it("not in search, categories, recent, shared, storage totals or upload history", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/Music");
    const song = await storeFile(server, user, crypto.randomBytes(300), { name: "tune.mp3", path: "/Music" });
    const kept = await storeFile(server, user, crypto.randomBytes(100), { name: "keep.mp3", path: "/" });
    expect((await call(server, user, "POST", `/files/${song.id}/share`, {})).status).toBe(201);
    const categories = async () =>
      (
        await call<{ category: string; totalFiles: number; totalSize: number }[]>(
          server,
          user,
          "GET",
          "/files/categories",
        )
      ).body;
    const uploaded = async () =>
      (await call<{ totalUploaded: number }[]>(server, user, "GET", "/uploads/stats?days=1")).body.reduce(
        (sum, d) => sum + d.totalUploaded,
        0,
      );
    expect(await categories()).toEqual([{ category: "audio", totalFiles: 2, totalSize: 400 }]);
    expect(await uploaded()).toBe(400);

    const music = await at(user, "/", "Music");
    await remove(user, [music.id]);
    const found = async (params: Record<string, string | number | boolean>) =>
      (await list(server, user, { operation: "find", ...params })).body.items.map((f) => f.name);
    expect(await found({ query: "tune" })).toEqual([]);
    expect(await found({ query: "tune", path: "/", deepSearch: true })).toEqual([]);
    expect(await found({ searchType: "regex", query: "^tu" })).toEqual([]);
    expect(await found({ category: "audio" })).toEqual(["keep.mp3"]);
    expect(await found({ sort: "updatedAt", order: "desc", limit: 10 })).toEqual(["keep.mp3"]);
    expect(await found({ shared: true })).toEqual([]);
    expect(await found({ type: "folder" })).toEqual([]);
    expect(await categories()).toEqual([{ category: "audio", totalFiles: 1, totalSize: 100 }]);
    expect(await uploaded()).toBe(100);
    expect(kept.name).toBe("keep.mp3");

    await restore(user, [music.id]);
    expect(await found({ query: "tune" })).toEqual(["tune.mp3"]);
    expect(await categories()).toEqual([{ category: "audio", totalFiles: 2, totalSize: 400 }]);
    expect(await found({ shared: true })).toEqual(["tune.mp3"]);
  });

  it("cannot be streamed, shared or changed; its share answers 404 until it is restored", async () => {
    const user = await createUser(server);
    const bytes = crypto.randomBytes(200);
    const file = await storeFile(server, user, bytes, { name: "clip.bin" });
    await mkdir(server, user, "/Album");
    const album = await at(user, "/", "Album");
    await create(server, user, { name: "inside.txt", type: "file", path: "/Album", size: 0 });
    expect((await call(server, user, "POST", `/files/${file.id}/share`, {})).status).toBe(201);
    expect((await call(server, user, "POST", `/files/${album.id}/share`, {})).status).toBe(201);
    const shareOf = async (id: string) =>
      (await call<{ id: string }>(server, user, "GET", `/files/${id}/share`)).body.id;
    const fileShare = await shareOf(file.id);
    const albumShare = await shareOf(album.id);
    const publicStatus = async (url: string) => (await server.app.inject({ url: `/api${url}` })).statusCode;
    expect(await publicStatus(`/shares/${fileShare}`)).toBe(200);
    expect(await publicStatus(`/shares/${fileShare}/files/${file.id}/clip.bin`)).toBe(200);

    await remove(user, [file.id, album.id]);
    expect(await publicStatus(`/shares/${fileShare}`)).toBe(404);
    expect(await publicStatus(`/shares/${fileShare}/files`)).toBe(404);
    expect(await publicStatus(`/shares/${fileShare}/files/${file.id}/clip.bin`)).toBe(404);
    expect(await publicStatus(`/shares/${albumShare}/files`)).toBe(404);
    expect((await content(user, file)).statusCode).toBe(404);
    const byHash = await server.app.inject({ url: `/api/files/${file.id}/clip.bin?hash=${user.hash}` });
    expect(byHash.statusCode).toBe(404);
    for (const [method, url, body] of [
      ["POST", `/files/${file.id}/share`, {}],
      ["GET", `/files/${file.id}/share`, undefined],
      ["PATCH", `/files/${file.id}`, { name: "x" }],
      ["POST", `/files/${file.id}/copy`, { destination: "/" }],
      ["POST", "/files/move", { ids: [file.id], destinationParent: "/" }],
      ["POST", "/files/delete", { ids: [file.id] }],
      ["POST", "/files", { name: "new.txt", type: "file", parentId: album.id, size: 0 }],
    ] as const)
      expect((await call(server, user, method, url, body)).status, `${method} ${url}`).toBe(404);

    await restore(user, [file.id, album.id]);
    expect(await publicStatus(`/shares/${fileShare}`)).toBe(200);
    const again = await server.app.inject({ url: `/api/shares/${fileShare}/files/${file.id}/clip.bin` });
    expect(sha256(again.rawPayload)).toBe(sha256(bytes));
    expect(await publicStatus(`/shares/${albumShare}/files`)).toBe(200);
  });
});

describe("deleting for good", () => {
  it("delete forever and empty trash remove rows, shares and parts; a copy keeps the parts it shares", async () => {
    const user = await createUser(server);
    const one = await storeFile(server, user, crypto.randomBytes(3000), { name: "one.bin", partSize: 1000 });
    const two = await storeFile(server, user, crypto.randomBytes(2000), { name: "two.bin", partSize: 1000 });
    const copy = await call<FileJson>(server, user, "POST", `/files/${two.id}/copy`, {
      destination: "/",
      newName: "copy.bin",
    });
    const oneParts = await partRefs(one.id);
    const twoParts = await partRefs(two.id);
    expect((await call(server, user, "POST", `/files/${one.id}/share`, {})).status).toBe(201);
    await remove(user, [one.id, two.id]);

    expect((await call(server, user, "POST", "/trash/delete", { ids: [one.id] })).status).toBe(204);
    expect((await trash(user)).items.map((i) => i.id)).toEqual([two.id]);
    expect(await server.db.query("SELECT 1 FROM file_shares WHERE file_id = $1", [one.id])).toEqual([]);
    await jobsDone(server);
    expect(await existing(oneParts)).toEqual([false, false, false]);
    expect(await existing(twoParts)).toEqual([true, true]);

    expect((await call(server, user, "POST", "/trash/empty")).status).toBe(204);
    expect((await trash(user)).meta.count).toBe(0);
    await jobsDone(server);
    expect(await existing(twoParts)).toEqual([true, true]);
    expect((await content(user, copy.body)).statusCode).toBe(200);
    expect((await restore(user, [two.id])).status).toBe(404);
    await countsAreRight();
  });

  it("the purge job deletes items older than 30 days for good and keeps younger ones", async () => {
    const user = await createUser(server);
    await mkdir(server, user, "/Stale");
    const stale = await at(user, "/", "Stale");
    const old = await storeFile(server, user, crypto.randomBytes(500), { name: "old.bin", path: "/Stale" });
    const young = await storeFile(server, user, crypto.randomBytes(500), { name: "young.bin" });
    const oldParts = await partRefs(old.id);
    await remove(user, [stale.id, young.id]);
    await server.db.query("UPDATE files SET trashed_at = now() - interval '31 days' WHERE trash_root = $1", [stale.id]);
    await server.db.query("UPDATE files SET trashed_at = now() - interval '29 days' WHERE trash_root = $1", [young.id]);

    await server.db.query("UPDATE jobs SET run_at = now() WHERE key = 'purge-trash'");
    await jobsDone(server);
    expect((await trash(user)).items.map((i) => i.id)).toEqual([young.id]);
    expect(await server.db.query("SELECT 1 FROM files WHERE id = ANY($1::uuid[])", [[stale.id, old.id]])).toEqual([]);
    await jobsDone(server);
    expect(await existing(oldParts)).toEqual([false]);
    // It stays scheduled.
    expect(await server.db.query("SELECT 1 FROM jobs WHERE key = 'purge-trash' AND run_at > now()")).toHaveLength(1);
  });
});

describe("ownership", () => {
  it("another user cannot see, restore or delete my trash", async () => {
    const me = await createUser(server);
    const intruder = await createUser(server);
    const mine = await create(server, me, { name: "secret.txt", type: "file", path: "/", size: 0 });
    await remove(me, [mine.id]);
    expect((await trash(intruder)).items).toEqual([]);
    for (const res of [
      await restore(intruder, [mine.id]),
      await restore(intruder, [mine.id], "rename"),
      await call(server, intruder, "POST", "/trash/delete", { ids: [mine.id] }),
    ]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("secret");
    }
    expect((await call(server, intruder, "POST", "/trash/empty")).status).toBe(204);
    expect((await trash(me)).items.map((i) => i.id)).toEqual([mine.id]);
    for (const url of ["/trash", "/trash/empty"])
      expect((await call(server, null, url === "/trash" ? "GET" : "POST", url)).status).toBe(401);
    // Only items the user deleted count, not rows inside a deleted folder, nor active files.
    await mkdir(server, me, "/F");
    const f = await at(me, "/", "F");
    const inside = await create(server, me, { name: "in.txt", type: "file", path: "/F", size: 0 });
    await remove(me, [f.id]);
    expect((await restore(me, [inside.id])).status).toBe(404);
    const live = await create(server, me, { name: "live.txt", type: "file", path: "/", size: 0 });
    expect((await call(server, me, "POST", "/trash/delete", { ids: [live.id] })).status).toBe(404);
    expect((await restore(me, ["not-a-uuid"])).status).toBe(404);
  });
});

describe("capabilities", () => {
  it("this server offers the trash", async () => {
    const res = await call<{ trash: boolean }>(server, null, "GET", "/capabilities");
    expect(res.body.trash).toBe(true);
  });

  it("in Teldrive 1.8 mode there is no trash: a delete is for good", async () => {
    const teldrive = await startServer({ COMPAT: "teldrive-1.8" });
    try {
      const user = await createUser(teldrive);
      const file = await storeFile(teldrive, user, crypto.randomBytes(100), { name: "gone.bin" });
      const [row] = await teldrive.db.query<{ channel_id: number; parts: { id: number }[] }>(
        "SELECT channel_id, parts FROM files WHERE id = $1",
        [file.id],
      );
      expect((await call(teldrive, null, "GET", "/capabilities")).status).toBe(404);
      expect((await call(teldrive, user, "POST", "/files/delete", { ids: [file.id] })).status).toBe(204);
      expect(await teldrive.db.query("SELECT 1 FROM files WHERE id = $1", [file.id])).toEqual([]);
      await jobsDone(teldrive);
      const ref = { channelId: row?.channel_id ?? 0, partId: row?.parts[0]?.id ?? 0 };
      expect(await partExists(teldrive.config, ref)).toBe(false);
      for (const [method, url] of [
        ["GET", "/trash"],
        ["POST", "/trash/restore"],
        ["POST", "/trash/delete"],
        ["POST", "/trash/empty"],
      ] as const)
        expect(
          (await call(teldrive, user, method, url, method === "POST" ? { ids: [file.id] } : undefined)).status,
        ).toBe(404);
    } finally {
      await teldrive.close();
    }
  });
});
