import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKFILL_FILES_PER_RUN, TAKEN_AT_BACKFILL_JOB } from "../src/thumbnails/backfill-taken-at.js";
import { POSTER_SOURCE_BYTES } from "../src/thumbnails/video-poster.js";
import { list, type TestUser } from "./files-api.js";
import { createUser, jobsDone, startServer, type TestServer } from "./helpers.js";
import { storeFile } from "./upload-fixtures.js";

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "media-dates-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/**
 * A one-second clip made by Debian's ffmpeg with `metadata` (e.g. creation_time) in the container; an MP4 or MOV has
 * its `moov` after its `mdat`, as phones write them (ffmpeg's default without +faststart).
 */
async function clip(name: string, metadata: Record<string, string> = {}, extra: string[] = []): Promise<Buffer> {
  const out = path.join(dir, name);
  const tags = Object.entries(metadata).flatMap(([k, v]) => ["-metadata", `${k}=${v}`]);
  await run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=d=1:s=160x120:r=10", ...tags, ...extra, out]);
  return fs.readFile(out);
}

/** The top-level boxes of an MP4, as [type, bytes]. */
function boxes(mp4: Buffer): [string, Buffer][] {
  const out: [string, Buffer][] = [];
  for (let at = 0; at < mp4.length; ) {
    const size = mp4.readUInt32BE(at);
    out.push([mp4.toString("latin1", at + 4, at + 8), mp4.subarray(at, at + size)]);
    at += size;
  }
  return out;
}

/** A `free` box of `size` bytes (zeros): players skip it; it only moves what follows further in. */
function freeBox(size: number): Buffer {
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write("free", 4, "latin1");
  return box;
}

/** A small JPEG with EXIF DateTimeOriginal `at` ("YYYY:MM:DD HH:MM:SS"). */
const photo = (at: string) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: "#37a" } })
    .withExif({ IFD0: { Make: "Test" }, IFD2: { DateTimeOriginal: at } })
    .jpeg()
    .toBuffer();

const thumbnail = (server: TestServer, user: TestUser, id: string) =>
  server.app.inject({ url: `/api/thumbnails/${id}?w=360`, headers: { cookie: user.cookie } });

/** name -> takenAt (null when undated), as the client's timeline lists them. */
async function takenAts(server: TestServer, user: TestUser): Promise<Record<string, string | null>> {
  const res = await list(server, user, { operation: "find", type: "file", category: "image,video", limit: 500 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries(res.body.items.map((i) => [i.name, i.takenAt ?? null]));
}

describe("when a video was recorded", () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startServer({ ENCRYPTION_KEY: "media dates test key" });
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is read with its poster: QuickTime's creationdate as the phone's wall clock, else mvhd's creation_time", async () => {
    const uploads: [string, Buffer, boolean][] = [
      // An iPhone-like MOV: the local time with its offset (09:08 in UTC+2), and mvhd's UTC instant (07:08).
      [
        "phone.mov",
        await clip(
          "phone.mov",
          { creation_time: "2021-05-06T07:08:09Z", "com.apple.quicktime.creationdate": "2021-05-06T09:08:09+0200" },
          ["-movflags", "use_metadata_tags"],
        ),
        false,
      ],
      ["camera.mp4", await clip("camera.mp4", { creation_time: "2020-01-02T03:04:05Z" }), true],
      ["matroska.mkv", await clip("matroska.mkv", { creation_time: "2019-08-09T10:11:12Z" }), false],
      // No date (mvhd's creation_time 0), and an unset clock's.
      ["undated.mp4", await clip("undated.mp4"), false],
      ["epoch.mp4", await clip("epoch.mp4", { creation_time: "1970-01-01T00:00:05Z" }), false],
    ];
    for (const [name, data, encrypted] of uploads) {
      const file = await storeFile(server, user.cookie, data, { name, mimeType: "video/mp4", encrypted });
      expect((await thumbnail(server, user, file.id)).statusCode).toBe(200);
    }
    expect(await takenAts(server, user)).toEqual({
      "phone.mov": "2021-05-06T09:08:09Z",
      "camera.mp4": "2020-01-02T03:04:05Z",
      "matroska.mkv": "2019-08-09T10:11:12Z",
      "undated.mp4": null,
      "epoch.mp4": null,
    });
  });

  it("is found after gigabytes of mdat too: past the bytes a poster reads, moov is found by its box headers", async () => {
    const small = boxes(await clip("far.mp4", { creation_time: "2018-03-04T05:06:07Z" }));
    expect(small.map(([type]) => type)).toEqual(["ftyp", "free", "mdat", "moov"]);
    const padding = freeBox(POSTER_SOURCE_BYTES + 1024 * 1024);
    const far = Buffer.concat([...small.slice(0, -1).map(([, b]) => b), padding, ...small.slice(-1).map(([, b]) => b)]);
    expect(far.indexOf("moov", 0, "latin1")).toBeGreaterThan(POSTER_SOURCE_BYTES);
    const file = await storeFile(server, user.cookie, far, {
      name: "far.mp4",
      mimeType: "video/mp4",
      partSize: 16 * 1024 * 1024,
    });
    // Whatever becomes of the poster (its first 64 MB hold no moov), the date is read.
    await thumbnail(server, user, file.id);
    const one = await server.app.inject({ url: `/api/files/${file.id}`, headers: { cookie: user.cookie } });
    expect(one.json()).toMatchObject({ name: "far.mp4", takenAt: "2018-03-04T05:06:07Z" });
    expect((await takenAts(server, user))["far.mp4"]).toBe("2018-03-04T05:06:07Z");
  });
});

describe("the pass that dates pictures and videos rendered before dates were read", () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startServer();
    user = await createUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Runs the pass's next step now and waits until the queue has nothing due. */
  async function step() {
    const moved = await server.db.query("UPDATE jobs SET run_at = now() WHERE key = $1 RETURNING id", [
      TAKEN_AT_BACKFILL_JOB,
    ]);
    expect(moved).toHaveLength(1);
    await jobsDone(server);
  }

  it("dates them a few per run, until all are dated, then ends", async () => {
    const expected: Record<string, string | null> = {};
    const ids: string[] = [];
    for (let i = 0; i < BACKFILL_FILES_PER_RUN + 1; i++) {
      const name = `old-${i}.jpg`;
      const file = await storeFile(server, user.cookie, await photo(`201${i}:04:05 06:07:08`), {
        name,
        mimeType: "image/jpeg",
      });
      ids.push(file.id);
      expected[name] = `201${i}-04-05T06:07:08Z`;
    }
    const video = await storeFile(
      server,
      user.cookie,
      await clip("old.mp4", { creation_time: "2017-06-07T08:09:10Z" }),
      {
        name: "old.mp4",
        mimeType: "video/mp4",
      },
    );
    ids.push(video.id);
    expected["old.mp4"] = "2017-06-07T08:09:10Z";
    const plain = await storeFile(server, user.cookie, Buffer.from("not a picture"), { name: "notes.txt" });

    // Thumbnails cached, then their dates gone: a data directory from before the server read them.
    for (const id of ids) expect((await thumbnail(server, user, id)).statusCode).toBe(200);
    expect(await takenAts(server, user)).toEqual(expected);
    await server.db.query("UPDATE files SET taken_at = NULL WHERE id = ANY($1::uuid[])", [ids]);
    // A cached thumbnail is not rendered again, so it dates nothing.
    for (const id of ids) expect((await thumbnail(server, user, id)).statusCode).toBe(200);
    const undated = Object.fromEntries(Object.keys(expected).map((name) => [name, null]));
    expect(await takenAts(server, user)).toEqual(undated);

    // One step reads a few files, and leaves the rest to the next (a few seconds later).
    await step();
    const after1 = await takenAts(server, user);
    const dated = Object.entries(after1).filter(([, at]) => at !== null);
    expect(dated).toHaveLength(BACKFILL_FILES_PER_RUN);
    for (const [name, at] of dated) expect(at).toBe(expected[name]);

    await step();
    expect(await takenAts(server, user)).toEqual(expected);
    // The pass is over: its job is gone, and a new start adds it only to find that out.
    expect(await server.db.query("SELECT 1 FROM jobs WHERE key = $1", [TAKEN_AT_BACKFILL_JOB])).toHaveLength(0);
    const [state] = await server.db.query<{ done: boolean }>(
      "SELECT done_at IS NOT NULL AS done FROM taken_at_backfill",
    );
    expect(state?.done).toBe(true);
    const [text] = await server.db.query<{ taken_at: Date | null }>("SELECT taken_at FROM files WHERE id = $1", [
      plain.id,
    ]);
    expect(text?.taken_at).toBeNull();
  });
});
