import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takenAtOf } from "../src/thumbnails/taken-at.js";
import { type FileJson, type FileListJson, list, type TestUser } from "./files-api.js";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { storeFile } from "./upload-fixtures.js";

/** A small JPEG; with `taken`, EXIF DateTimeOriginal (and OffsetTimeOriginal when given), as a phone writes them. */
async function photo(taken?: { at: string; offset?: string }): Promise<Buffer> {
  let image = sharp({ create: { width: 80, height: 60, channels: 3, background: "#3a7" } });
  if (taken) {
    const exif = { DateTimeOriginal: taken.at, ...(taken.offset && { OffsetTimeOriginal: taken.offset }) };
    image = image.withExif({ IFD0: { Make: "Test" }, IFD2: exif });
  }
  return image.jpeg().toBuffer();
}

const timeline = { operation: "find", type: "file", category: "image,video", sort: "takenAt", order: "desc" };

async function thumbnail(server: TestServer, user: TestUser, id: string) {
  const res = await server.app.inject({ url: `/api/thumbnails/${id}?w=360`, headers: { cookie: user.cookie } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every page of a cursor walk, `limit` items a page, reading `between(page)` after each page but the last. */
async function walk(
  server: TestServer,
  user: TestUser,
  params: Record<string, string | number>,
  between: (page: number) => Promise<void> = async () => {},
): Promise<FileJson[]> {
  const items: FileJson[] = [];
  let cursor = "";
  for (let page = 1; page < 100; page++) {
    const res = await list(server, user, { ...params, cursor });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as FileListJson & { meta: { nextCursor?: string } };
    items.push(...body.items);
    if (!body.meta.nextCursor) return items;
    cursor = body.meta.nextCursor;
    await between(page);
  }
  throw new Error("the walk did not end");
}

describe("when a picture was taken (sort=takenAt)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is announced by /capabilities", async () => {
    const res = await server.app.inject({ url: "/api/capabilities" });
    expect(res.json()).toMatchObject({ takenAt: true });
  });

  it("is read from EXIF with the first thumbnail; lists order by it, else by updatedAt, on pages and cursors", async () => {
    const user = await createUser(server);
    // Uploaded in this order, so by updatedAt: plain (newest), y2021, y2019 (oldest)... until their dates are read.
    const y2019 = await storeFile(server, user.cookie, await photo({ at: "2019:07:14 10:30:00", offset: "+02:00" }), {
      name: "y2019.jpg",
      mimeType: "image/jpeg",
    });
    const y2021 = await storeFile(server, user.cookie, await photo({ at: "2021:01:31 23:15:00" }), {
      name: "y2021.jpg",
      mimeType: "image/jpeg",
    });
    const plain = await storeFile(server, user.cookie, await photo(), { name: "plain.jpg", mimeType: "image/jpeg" });
    const names = (items: FileJson[]) => items.map((i) => i.name);

    const before = await list(server, user, { ...timeline, page: 1 });
    expect(before.status).toBe(200);
    expect(names(before.body.items)).toEqual(["plain.jpg", "y2021.jpg", "y2019.jpg"]);
    expect(before.body.items.some((i) => "takenAt" in i)).toBe(false);

    for (const file of [y2019, y2021, plain]) await thumbnail(server, user, file.id);

    const page1 = await list(server, user, { ...timeline, page: 1, limit: 2 });
    const page2 = await list(server, user, { ...timeline, page: 2, limit: 2 });
    expect(names([...page1.body.items, ...page2.body.items])).toEqual(["plain.jpg", "y2021.jpg", "y2019.jpg"]);
    const byName = new Map([...page1.body.items, ...page2.body.items].map((i) => [i.name, i]));
    // The camera's wall clock, written as UTC: its offset is not applied (docs/decisions.md).
    expect(byName.get("y2019.jpg")?.takenAt).toBe("2019-07-14T10:30:00Z");
    expect(byName.get("y2021.jpg")?.takenAt).toBe("2021-01-31T23:15:00Z");
    expect(byName.get("plain.jpg")?.takenAt).toBeUndefined();
    // updatedAt stays the drive's time.
    expect(byName.get("y2019.jpg")?.updatedAt).toBe(y2019.updatedAt);

    const ascending = await list(server, user, { ...timeline, order: "asc", page: 1 });
    expect(names(ascending.body.items)).toEqual(["y2019.jpg", "y2021.jpg", "plain.jpg"]);

    const walked = await walk(server, user, { ...timeline, limit: 1 });
    expect(names(walked)).toEqual(["plain.jpg", "y2021.jpg", "y2019.jpg"]);
    const walkedUp = await walk(server, user, { ...timeline, order: "asc", limit: 2 });
    expect(names(walkedUp)).toEqual(["y2019.jpg", "y2021.jpg", "plain.jpg"]);

    const one = await server.app.inject({ url: `/api/files/${y2019.id}`, headers: { cookie: user.cookie } });
    expect(one.json()).toMatchObject({ name: "y2019.jpg", takenAt: "2019-07-14T10:30:00Z" });
  });

  it("lists each picture once in a cursor walk during which dates are read and move pictures down", async () => {
    const user = await createUser(server);
    for (let i = 0; i < 4; i++)
      await storeFile(server, user.cookie, await photo(), { name: `new-${i}.jpg`, mimeType: "image/jpeg" });
    // Old photos uploaded last: by updatedAt they come first, until their dates are read.
    const old: { id: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const image = await photo({ at: `201${i}:03:0${i + 1} 12:00:00` });
      old.push(await storeFile(server, user.cookie, image, { name: `old-${i}.jpg`, mimeType: "image/jpeg" }));
    }

    // The client renders the thumbnails of what it has listed while the walk goes on, as the photos page does.
    const walked = await walk(server, user, { ...timeline, limit: 3 }, async (page) => {
      if (page === 1) for (const file of old) await thumbnail(server, user, file.id);
    });
    // Each once, where it stood when the walk began, with the date it stood at (old-0 was dated before its page).
    expect(walked.some((i) => "takenAt" in i)).toBe(false);
    expect(walked.map((i) => i.name)).toEqual([
      "old-3.jpg",
      "old-2.jpg",
      "old-1.jpg",
      "old-0.jpg",
      "new-3.jpg",
      "new-2.jpg",
      "new-1.jpg",
      "new-0.jpg",
    ]);
    // A new walk sees the dates.
    const again = await walk(server, user, { ...timeline, limit: 3 });
    expect(again.map((i) => [i.name, i.takenAt ?? null])).toEqual([
      ["new-3.jpg", null],
      ["new-2.jpg", null],
      ["new-1.jpg", null],
      ["new-0.jpg", null],
      ["old-3.jpg", "2013-03-04T12:00:00Z"],
      ["old-2.jpg", "2012-03-03T12:00:00Z"],
      ["old-1.jpg", "2011-03-02T12:00:00Z"],
      ["old-0.jpg", "2010-03-01T12:00:00Z"],
    ]);
  });

  it("forgets the date when the file's content is replaced", async () => {
    const user = await createUser(server);
    const file = await storeFile(server, user.cookie, await photo({ at: "2018:05:06 07:08:09" }), {
      name: "replaced.jpg",
      mimeType: "image/jpeg",
    });
    await thumbnail(server, user, file.id);
    const dated = await list(server, user, { ...timeline, page: 1 });
    expect(dated.body.items[0]?.takenAt).toBe("2018-05-06T07:08:09Z");
    // The same name again is a replacement (as in Teldrive), with content that has no date.
    await storeFile(server, user.cookie, await photo(), { name: "replaced.jpg", mimeType: "image/jpeg" });
    const after = await list(server, user, { ...timeline, page: 1 });
    expect(after.body.items.map((i) => [i.id, i.takenAt ?? null])).toEqual([[file.id, null]]);
  });
});

describe("under COMPAT (a Teldrive server has no takenAt)", () => {
  for (const compat of ["teldrive-1.8", "teldrive-main"]) {
    it(`${compat}: sort=takenAt is refused and items carry no takenAt`, async () => {
      const server = await startServer({ COMPAT: compat });
      try {
        const user = await createUser(server);
        const file = await storeFile(server, user.cookie, await photo({ at: "2019:07:14 10:30:00" }), {
          name: "dated.jpg",
          mimeType: "image/jpeg",
        });
        await thumbnail(server, user, file.id);
        const [row] = await server.db.query<{ taken_at: Date | null }>("SELECT taken_at FROM files WHERE id = $1", [
          file.id,
        ]);
        expect(row?.taken_at).toBeNull();
        // A data directory our own server dated before it was started with COMPAT: still not shown.
        await server.db.query("UPDATE files SET taken_at = '2019-07-14T08:30:00Z' WHERE id = $1", [file.id]);
        const refused = await list(server, user, { ...timeline, sort: "takenAt" });
        expect(refused.status).toBe(400);
        const listed = await list(server, user, { ...timeline, sort: "updatedAt" });
        expect(listed.status).toBe(200);
        expect(listed.body.items.map((i) => i.name)).toEqual(["dated.jpg"]);
        expect(listed.body.items.some((i) => "takenAt" in i)).toBe(false);
        const one = await server.app.inject({ url: `/api/files/${file.id}`, headers: { cookie: user.cookie } });
        expect(one.json()).not.toHaveProperty("takenAt");
      } finally {
        await server.close();
      }
    });
  }
});

describe("takenAtOf", () => {
  const read = async (taken: { at: string; offset?: string }) => (await takenAtOf(await photo(taken)))?.toISOString();

  it("is the camera's wall clock with or without an offset, so the day is the picture's own near midnight", async () => {
    // The picture does carry its offset, as a phone writes it...
    const berlin = await photo({ at: "2025:07:01 00:30:00", offset: "+02:00" });
    expect(await exifr.parse(berlin, { pick: ["OffsetTimeOriginal"] })).toEqual({ OffsetTimeOriginal: "+02:00" });
    // ...which is not applied: 00:30 on 1 July in Berlin stays 1 July (in UTC it was still 30 June).
    expect((await takenAtOf(berlin))?.toISOString()).toBe("2025-07-01T00:30:00.000Z");
    expect(await read({ at: "2025:07:01 00:30:00" })).toBe("2025-07-01T00:30:00.000Z");
    // The last second of a year west of UTC (already 1 January in UTC) stays in that year.
    expect(await read({ at: "2020:12:31 23:59:59", offset: "-05:00" })).toBe("2020-12-31T23:59:59.000Z");
    expect(await read({ at: "2020:12:31 23:59:59" })).toBe("2020-12-31T23:59:59.000Z");
  });

  it("refuses dates that are no dates", async () => {
    expect(await takenAtOf(await photo({ at: "2019:02:31 10:00:00" }))).toBeUndefined();
    expect(await takenAtOf(await photo({ at: "0000:00:00 00:00:00" }))).toBeUndefined();
    expect(await takenAtOf(await photo())).toBeUndefined();
    expect(await takenAtOf(Buffer.from("not a picture"))).toBeUndefined();
  });
});
