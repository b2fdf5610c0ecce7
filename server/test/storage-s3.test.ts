import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../src/config.js";
import { Blobs, type StoredPart } from "../src/storage/blobs.js";
import { BLOCK_SIZE, HEADER_SIZE, SEALED_BLOCK_SIZE } from "../src/storage/crypt.js";
import { S3Store } from "../src/storage/s3-store.js";
import { createTestBucket, s3Client, testS3Endpoint } from "./storage-helpers.js";

/** What only the S3 store has to show: this file runs in `npm test`'s Ceph step (TEST_S3_ENDPOINT). */

const KEY = "s3 test key";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3-store-test-"));
let bucket: NonNullable<Awaited<ReturnType<typeof createTestBucket>>>;
let config: Config;
let blobs: Blobs;
/** The Range header of every GetObject and the count of HeadObject calls the store sends. */
const gets: string[] = [];
let heads = 0;

beforeAll(async () => {
  const created = await createTestBucket();
  if (!created) throw new Error("storage-s3.test.ts needs TEST_S3_ENDPOINT");
  bucket = created;
  config = { ...loadConfig({ DATA_DIR: dir, ...bucket.env }), encryptionKey: KEY };
  const store = new S3Store(config.storage as Extract<Config["storage"], { kind: "s3" }>);
  store.client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { method?: string; headers?: Record<string, string> };
      if (request.method === "GET" && request.headers?.range) gets.push(request.headers.range);
      if (request.method === "HEAD") heads++;
      return next(args);
    },
    { step: "finalizeRequest", name: "recordRequests" },
  );
  blobs = new Blobs(config, store);
});
afterAll(async () => {
  await bucket?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function storeFile(data: Buffer, partSize: number, encrypted: boolean, channelId: number, firstId: number) {
  const parts: StoredPart[] = [];
  for (let off = 0, id = firstId; off < data.length; off += partSize, id++) {
    const body = data.subarray(off, off + partSize);
    const { salt } = await blobs.writePart({
      channelId,
      partId: id,
      body: Readable.from([body]),
      length: body.length,
      encrypted,
    });
    parts.push(salt ? { id, salt } : { id });
  }
  return { channelId, parts, size: data.length, encrypted };
}

const rangeBytes = (header: string) => {
  const [start, end] = header.replace("bytes=", "").split("-").map(Number);
  return (end ?? 0) - (start ?? 0) + 1;
};

describe("the S3 store", () => {
  it("fetches only the bytes a range needs: one ranged GET of plain bytes", async () => {
    const partSize = 1024 * 1024;
    const data = crypto.randomBytes(3 * partSize);
    const file = await storeFile(data, partSize, false, 31, 1);
    gets.length = 0;
    heads = 0;
    const start = partSize + partSize / 2;
    const got = await buffer(blobs.createReadStream(file, { start, end: start + 99 }));
    expect(got.equals(data.subarray(start, start + 100))).toBe(true);
    // One HEAD for the part size, then 100 bytes from the middle part only.
    expect(heads).toBe(1);
    expect(gets).toEqual([`bytes=${partSize / 2}-${partSize / 2 + 99}`]);
  });

  it("fetches only the sealed blocks a range needs, and the header in the same GET from the first block", async () => {
    const partSize = 1024 * 1024;
    const data = crypto.randomBytes(3 * partSize);
    const file = await storeFile(data, partSize, true, 32, 1);
    gets.length = 0;
    const block = 5;
    const start = partSize + block * BLOCK_SIZE + 10;
    const got = await buffer(blobs.createReadStream(file, { start, end: start + 99 }));
    expect(got.equals(data.subarray(start, start + 100))).toBe(true);
    const blockStart = HEADER_SIZE + block * SEALED_BLOCK_SIZE;
    expect(gets).toEqual([`bytes=0-${HEADER_SIZE - 1}`, `bytes=${blockStart}-${blockStart + SEALED_BLOCK_SIZE - 1}`]);

    gets.length = 0;
    await buffer(blobs.createReadStream(file, { start: 0, end: 99 }));
    expect(gets).toEqual([`bytes=0-${HEADER_SIZE + SEALED_BLOCK_SIZE - 1}`]);
    expect(gets.map(rangeBytes).reduce((a, b) => a + b)).toBeLessThan(partSize / 10);
  });

  it("keeps parts as <S3_PREFIX>channels/<channelId>/<partId>, each prefix its own drive", async () => {
    const prefix = "team a+ü/";
    const team = new Blobs({ ...config, storage: { ...config.storage, prefix } as Config["storage"] });
    await team.writePart({
      channelId: 33,
      partId: 7,
      body: Readable.from([Buffer.from("abc")]),
      length: 3,
      encrypted: false,
    });
    await team.copyParts({ channelId: 33, parts: [{ id: 7 }] }, { channelId: 33, partIds: [8] });
    await team.ensureChannel(34);
    const client = s3Client(bucket.env);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket.env.S3_BUCKET, Prefix: prefix }));
    expect(listed.Contents?.map((c) => c.Key).sort()).toEqual([
      `${prefix}channels/33/7`,
      `${prefix}channels/33/8`,
      `${prefix}channels/34/`,
    ]);
    const seen: string[] = [];
    for await (const p of team.store.list()) seen.push(`${p.channelId}/${p.partId}:${p.size}`);
    expect(seen).toEqual(["33/7:3", "33/8:3"]);
    const copy = { channelId: 33, parts: [{ id: 8 }], size: 3, encrypted: false };
    expect((await buffer(team.createReadStream(copy))).toString()).toBe("abc");
    expect(await blobs.channelExists(33)).toBe(false);
    await team.deleteChannel(33);
    await team.deleteChannel(34);
    client.destroy();
  });

  it("deletes more parts than one DeleteObjects request takes", async () => {
    const refs = Array.from({ length: 1005 }, (_, i) => ({ channelId: 35, partId: i + 1 }));
    for (let i = 0; i < refs.length; i += 25)
      await Promise.all(refs.slice(i, i + 25).map((r) => blobs.store.put(r, Readable.from([Buffer.from("x")]), 1)));
    let count = 0;
    for await (const p of blobs.store.list()) if (p.channelId === 35) count++;
    expect(count).toBe(1005);
    await blobs.deleteMany(refs);
    for await (const p of blobs.store.list()) expect(p.channelId).not.toBe(35);
  });

  it("says which bucket is missing, and the server refuses to start without it", async () => {
    const endpoint = testS3Endpoint() ?? {};
    const missing = loadConfig({ ...endpoint, S3_BUCKET: "no-such-drive-bucket" }).storage;
    if (missing.kind !== "s3") throw new Error("expected S3 settings");
    await expect(new S3Store(missing).check()).rejects.toThrow(/"no-such-drive-bucket" does not exist/);
    // A part the store refuses is the store's failure (a 5xx for the client to retry), not a bad body.
    const body = crypto.randomBytes(100_000);
    const refused = await new Blobs({ ...config, storage: missing })
      .writePart({ channelId: 1, partId: 1, body: Readable.from([body]), length: body.length, encrypted: false })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "NoSuchBucket" });
    expect(refused).not.toHaveProperty("status");

    const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        ...endpoint,
        S3_BUCKET: "no-such-drive-bucket",
        DATA_DIR: dir,
        PORT: "0",
        DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout.on("data", (d: Buffer) => {
      output += d.toString();
    });
    server.stderr.on("data", (d: Buffer) => {
      output += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => server.on("exit", resolve));
    expect(code).not.toBe(0);
    expect(output).toMatch(/"no-such-drive-bucket" does not exist/);
    expect(output).not.toMatch(/listening/);
  });
});
