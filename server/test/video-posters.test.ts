import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { storeFile } from "./upload-fixtures.js";

const run = promisify(execFile);
let server: TestServer;
let user: { cookie: string };
let dir: string;

/** An H.264 MP4 made with Debian's ffmpeg: `red` seconds of red, then `blue` seconds of blue. */
async function clip(name: string, red: number, blue: number): Promise<Buffer> {
  const out = path.join(dir, name);
  const inputs = ["-f", "lavfi", "-i", `color=c=red:s=160x120:r=10:d=${red}`];
  if (blue > 0) inputs.push("-f", "lavfi", "-i", `color=c=blue:s=160x120:r=10:d=${blue}`);
  const filter = blue > 0 ? ["-filter_complex", "[0:v][1:v]concat=n=2:v=1[v]", "-map", "[v]"] : [];
  await run("ffmpeg", [
    "-v",
    "error",
    ...inputs,
    ...filter,
    "-c:v",
    "libx264",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    out,
  ]);
  return fs.readFile(out);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "posters-"));
  server = await startServer({ ENCRYPTION_KEY: "poster test key" });
  user = await createUser(server);
});
afterAll(async () => {
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const poster = (id: string, cookie = user.cookie) =>
  server.app.inject({ method: "GET", url: `/api/thumbnails/${id}?w=360`, headers: { cookie } });

/** The colour in the middle of a WebP poster. */
async function middle(webp: Buffer): Promise<[number, number, number]> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
}

it("capabilities say the server renders video posters (ffmpeg is installed here)", async () => {
  const res = await server.app.inject({ method: "GET", url: "/api/capabilities" });
  expect(res.json()).toMatchObject({ videoPosters: true });
});

it("a video's poster is a frame a few seconds in, as WebP, the same on a second ask", async () => {
  const file = await storeFile(server, user.cookie, await clip("long.mp4", 2, 4), {
    name: "long.mp4",
    mimeType: "video/mp4",
  });
  const res = await poster(file.id);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("image/webp");
  const [r, , b] = await middle(res.rawPayload);
  // Three seconds in the clip is blue (the first two seconds are red).
  expect(b).toBeGreaterThan(180);
  expect(r).toBeLessThan(80);
  const again = await poster(file.id);
  expect(again.statusCode).toBe(200);
  expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
});

it("a clip shorter than that shows its first frame; encrypted videos work too", async () => {
  const file = await storeFile(server, user.cookie, await clip("short.mp4", 1, 0), {
    name: "short.mp4",
    mimeType: "video/mp4",
    encrypted: true,
    partSize: 4096,
  });
  const res = await poster(file.id);
  expect(res.statusCode, res.body).toBe(200);
  const [r, , b] = await middle(res.rawPayload);
  expect(r).toBeGreaterThan(180);
  expect(b).toBeLessThan(80);
});

it("a file that only claims to be a video is refused, and nobody else gets the poster", async () => {
  const fake = await storeFile(server, user.cookie, Buffer.from("not a video at all"), {
    name: "fake.mp4",
    mimeType: "video/mp4",
  });
  expect((await poster(fake.id)).statusCode).toBe(422);
  const real = await storeFile(server, user.cookie, await clip("mine.mp4", 1, 0), {
    name: "mine.mp4",
    mimeType: "video/mp4",
  });
  const other = await createUser(server);
  expect((await poster(real.id, other.cookie)).statusCode).toBe(404);
});
