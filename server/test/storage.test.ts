import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import nacl from "tweetnacl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../src/config.js";
import { Blobs, type StoredPart } from "../src/storage/blobs.js";
import { loadStorageConfig } from "../src/storage/config.js";
import {
  addToNonce,
  BLOCK_SIZE,
  DecryptStream,
  decryptedSize,
  deriveKey,
  EncryptStream,
  encryptedSize,
  HEADER_SIZE,
  MAGIC,
  newSalt,
  parseHeader,
} from "../src/storage/crypt.js";
import { PartMissingError } from "../src/storage/store.js";
import { createTestBucket, overwriteStored, storedBytes } from "./storage-helpers.js";

const KEY = "test encryption key";

async function encrypt(plain: Buffer, salt: string) {
  return buffer(Readable.from([plain]).pipe(new EncryptStream(await deriveKey(KEY, salt))));
}

async function decrypt(cipher: Buffer, salt: string) {
  const nonce = parseHeader(cipher.subarray(0, HEADER_SIZE));
  return buffer(
    Readable.from([cipher.subarray(HEADER_SIZE)]).pipe(new DecryptStream(await deriveKey(KEY, salt), nonce)),
  );
}

describe("crypt", () => {
  it("makes 44-character base64url salts, different each time", () => {
    const a = newSalt();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(newSalt()).not.toBe(a);
  });

  it("increments the nonce little-endian with carry", () => {
    const nonce = new Uint8Array(24);
    nonce[0] = 0xff;
    nonce[1] = 0xff;
    const next = addToNonce(nonce, 1);
    expect([...next.subarray(0, 3)]).toEqual([0, 0, 1]);
    expect([...addToNonce(new Uint8Array(24), 300).subarray(0, 2)]).toEqual([44, 1]);
  });

  it("round-trips sizes around block boundaries with the documented sizes", async () => {
    const salt = newSalt();
    for (const n of [0, 1, BLOCK_SIZE - 1, BLOCK_SIZE, BLOCK_SIZE + 1, 3 * BLOCK_SIZE + 12345]) {
      const plain = crypto.randomBytes(n);
      const cipher = await encrypt(plain, salt);
      expect(cipher.subarray(0, MAGIC.length).toString("latin1")).toBe("TELDRIVE\0\0");
      expect(cipher.length).toBe(encryptedSize(n));
      expect(decryptedSize(cipher.length)).toBe(n);
      expect((await decrypt(cipher, salt)).equals(plain)).toBe(true);
    }
  });

  it("writes standard NaCl secretbox blocks under scrypt(N=16384, r=8, p=1) keys", async () => {
    const salt = newSalt();
    const plain = crypto.randomBytes(BLOCK_SIZE + 10);
    const cipher = await encrypt(plain, salt);
    const key = crypto.scryptSync(KEY, salt, 80, { N: 16384, r: 8, p: 1 }).subarray(0, 32);
    const nonce = cipher.subarray(MAGIC.length, HEADER_SIZE);
    const sealed = BLOCK_SIZE + 16;
    const first = nacl.secretbox.open(cipher.subarray(HEADER_SIZE, HEADER_SIZE + sealed), nonce, key);
    const second = nacl.secretbox.open(cipher.subarray(HEADER_SIZE + sealed), addToNonce(nonce, 1), key);
    expect(Buffer.from(first ?? []).equals(plain.subarray(0, BLOCK_SIZE))).toBe(true);
    expect(Buffer.from(second ?? []).equals(plain.subarray(BLOCK_SIZE))).toBe(true);
  });

  it("fails on a flipped bit and on a wrong salt", async () => {
    const salt = newSalt();
    const plain = crypto.randomBytes(BLOCK_SIZE + 100);
    const cipher = await encrypt(plain, salt);
    const tampered = Buffer.from(cipher);
    tampered[HEADER_SIZE + BLOCK_SIZE + 40] = (tampered[HEADER_SIZE + BLOCK_SIZE + 40] ?? 0) ^ 1;
    await expect(decrypt(tampered, salt)).rejects.toThrow(/authentication/);
    await expect(decrypt(cipher, newSalt())).rejects.toThrow(/authentication/);
    expect(() => parseHeader(Buffer.alloc(HEADER_SIZE))).toThrow(/not a Teldrive/);
  });
});

/**
 * The storage contract, run against the store the environment selects: local disk, or the Ceph S3
 * endpoint of `npm test`'s "server (Ceph S3)" step (TEST_S3_ENDPOINT). Same tests, same expectations.
 */
describe("Blobs", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "blobs-test-"));
  let bucket: Awaited<ReturnType<typeof createTestBucket>>;
  let config: Config;
  let blobs: Blobs;
  beforeAll(async () => {
    bucket = await createTestBucket();
    config = { ...loadConfig({ DATA_DIR: dir, ...bucket?.env }), encryptionKey: KEY };
    blobs = new Blobs(config);
    await blobs.store.check();
  });
  afterAll(async () => {
    await bucket?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");
  let nextId = 1;

  async function store(data: Buffer, partSize: number, encrypted: boolean, channelId = 7) {
    const parts: StoredPart[] = [];
    for (let off = 0; off < data.length; off += partSize) {
      const body = data.subarray(off, off + partSize);
      const id = nextId++;
      const { salt, size } = await blobs.writePart({
        channelId,
        partId: id,
        body: Readable.from([body.subarray(0, 1000), body.subarray(1000)]),
        length: body.length,
        encrypted,
      });
      expect(size).toBe(encrypted ? encryptedSize(body.length) : body.length);
      parts.push(salt ? { id, salt } : { id });
    }
    return { channelId, parts, size: data.length, encrypted };
  }

  async function partsIn(channelId: number): Promise<number[]> {
    const ids: number[] = [];
    for await (const p of blobs.store.list()) if (p.channelId === channelId) ids.push(p.partId);
    return ids.sort((a, b) => a - b);
  }

  for (const encrypted of [false, true]) {
    it(`reads whole files and ranges across parts and blocks (encrypted=${encrypted})`, async () => {
      const partSize = 2 * BLOCK_SIZE + 777;
      const data = crypto.randomBytes(3 * partSize + 4321);
      const file = await store(data, partSize, encrypted);
      expect(sha(await buffer(blobs.createReadStream(file)))).toBe(sha(data));
      const ranges: [number, number][] = [
        [0, 0],
        [10, HEADER_SIZE + 10],
        [BLOCK_SIZE - 5, BLOCK_SIZE + 5],
        [partSize - 10, partSize + 10],
        [partSize - 1, 2 * partSize],
        [BLOCK_SIZE + 3, 3 * partSize + 100],
        [2 * BLOCK_SIZE, partSize - 1],
        [data.length - 1, data.length - 1],
      ];
      for (const [start, end] of ranges) {
        const got = await buffer(blobs.createReadStream(file, { start, end }));
        expect(got.equals(data.subarray(start, end + 1)), `range ${start}-${end}`).toBe(true);
      }
    });
  }

  it("stores nothing when the body is shorter or longer than the length", async () => {
    await expect(
      blobs.writePart({
        channelId: 8,
        partId: 1,
        body: Readable.from([Buffer.alloc(10)]),
        length: 11,
        encrypted: false,
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      blobs.writePart({
        channelId: 8,
        partId: 2,
        body: Readable.from([Buffer.alloc(12)]),
        length: 11,
        encrypted: true,
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await partsIn(8)).toEqual([]);
  });

  it("shows a part only once it is whole, and nothing of a body that breaks off", async () => {
    const ref = { channelId: 12, partId: nextId++ };
    const body = new PassThrough();
    const writing = blobs.writePart({ ...ref, body, length: 300_000, encrypted: false });
    const half = crypto.randomBytes(150_000);
    await new Promise<void>((resolve) => body.write(half, () => resolve()));
    await expect(blobs.store.size(ref)).rejects.toBeInstanceOf(PartMissingError);
    expect(await partsIn(12)).toEqual([]);
    body.end(half);
    await writing;
    expect(await blobs.store.size(ref)).toBe(300_000);

    const broken = new PassThrough();
    const failing = blobs.writePart({
      channelId: 12,
      partId: nextId++,
      body: broken,
      length: 300_000,
      encrypted: true,
    });
    await new Promise<void>((resolve) => broken.write(half, () => resolve()));
    broken.destroy(new Error("client went away"));
    await expect(failing).rejects.toMatchObject({ status: 400, message: "part body is truncated" });
    expect(await partsIn(12)).toEqual([ref.partId]);
  });

  it("refuses encryption without a key", async () => {
    const plain = new Blobs({ ...config, encryptionKey: undefined });
    await expect(
      plain.writePart({ channelId: 9, partId: 1, body: Readable.from([Buffer.alloc(1)]), length: 1, encrypted: true }),
    ).rejects.toMatchObject({ status: 400, message: "encryption is not enabled" });
  });

  it("copies parts with their salts and deletes them, ignoring missing ones", async () => {
    const data = crypto.randomBytes(5000);
    const file = await store(data, 3000, true);
    const ids = [nextId++, nextId++];
    const copied = await blobs.copyParts(file, { channelId: 10, partIds: ids });
    expect(copied.map((p) => p.id)).toEqual(ids);
    expect(copied.map((p) => p.salt)).toEqual(file.parts.map((p) => p.salt));
    const copy = { ...file, channelId: 10, parts: copied };
    expect((await buffer(blobs.createReadStream(copy))).equals(data)).toBe(true);
    await blobs.deleteParts(7, file.parts);
    await blobs.deleteParts(7, file.parts);
    await expect(blobs.store.size({ channelId: 7, partId: file.parts[0]?.id ?? 0 })).rejects.toBeInstanceOf(
      PartMissingError,
    );
    expect((await buffer(blobs.createReadStream(copy))).equals(data)).toBe(true);
  });

  it("deletes by reference, one or many, and a repeated delete is no error", async () => {
    const file = await store(crypto.randomBytes(4000), 1000, false, 13);
    const refs = file.parts.map((p) => ({ channelId: 13, partId: p.id }));
    const [first, ...rest] = refs;
    if (!first) throw new Error("no parts stored");
    await blobs.deletePart(first);
    await blobs.deletePart(first);
    expect(await partsIn(13)).toEqual(rest.map((r) => r.partId));
    await blobs.deleteMany([...refs, { channelId: 13, partId: 999_999 }]);
    await blobs.deleteMany(refs);
    expect(await partsIn(13)).toEqual([]);
  });

  it("fails the read of a part that is gone", async () => {
    const file = await store(crypto.randomBytes(100), 100, false, 14);
    await blobs.deleteParts(14, file.parts);
    await expect(buffer(blobs.createReadStream(file))).rejects.toBeInstanceOf(PartMissingError);
  });

  it("fails the read stream when an encrypted part was tampered with", async () => {
    const data = crypto.randomBytes(3 * BLOCK_SIZE);
    const file = await store(data, data.length, true);
    const ref = { channelId: 7, partId: file.parts[0]?.id ?? 0 };
    const stored = await storedBytes(blobs.store, ref);
    stored[stored.length - 1] = (stored[stored.length - 1] ?? 0) ^ 0xff;
    await overwriteStored(blobs.store, ref, stored);
    await expect(buffer(blobs.createReadStream(file))).rejects.toThrow(/authentication/);
    // The first block is still intact and readable on its own.
    expect((await buffer(blobs.createReadStream(file, { start: 0, end: 99 }))).equals(data.subarray(0, 100))).toBe(
      true,
    );
  });

  it("keeps channels: made empty, found again, deleted with all their parts", async () => {
    expect(await blobs.channelExists(15)).toBe(false);
    await blobs.ensureChannel(15);
    await blobs.ensureChannel(15);
    expect(await blobs.channelExists(15)).toBe(true);
    expect(await partsIn(15)).toEqual([]);
    const file = await store(crypto.randomBytes(3000), 1000, false, 16);
    expect(await blobs.channelExists(16)).toBe(true);
    await blobs.deleteChannel(16);
    expect(await blobs.channelExists(16)).toBe(false);
    expect(await partsIn(16)).toEqual([]);
    await expect(blobs.store.size({ channelId: 16, partId: file.parts[0]?.id ?? 0 })).rejects.toBeInstanceOf(
      PartMissingError,
    );
    await blobs.deleteChannel(16);
    expect(await blobs.channelExists(15)).toBe(true);
  });
});

describe("storage configuration", () => {
  it("keeps parts on disk unless STORAGE=s3", () => {
    expect(loadStorageConfig({})).toEqual({ kind: "disk" });
    expect(loadStorageConfig({ STORAGE: "disk", S3_BUCKET: "ignored" })).toEqual({ kind: "disk" });
    expect(() => loadStorageConfig({ STORAGE: "ftp" })).toThrow(/STORAGE must be/);
  });

  it("reads the S3 settings, with path-style addressing by default for a custom endpoint", () => {
    expect(
      loadStorageConfig({
        STORAGE: "s3",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_BUCKET: "drive",
        S3_ACCESS_KEY: "a",
        S3_SECRET_KEY: "b",
        S3_REGION: "eu-1",
        S3_PREFIX: "/team/",
      }),
    ).toEqual({
      kind: "s3",
      endpoint: "http://127.0.0.1:9000",
      bucket: "drive",
      region: "eu-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "a", secretAccessKey: "b" },
      prefix: "team/",
    });
    expect(loadStorageConfig({ STORAGE: "s3", S3_BUCKET: "drive", S3_PREFIX: "x" })).toMatchObject({
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      credentials: undefined,
      prefix: "x/",
    });
    expect(
      loadStorageConfig({ STORAGE: "s3", S3_BUCKET: "d", S3_ENDPOINT: "https://s3.example", S3_FORCE_PATH_STYLE: "0" }),
    ).toMatchObject({ forcePathStyle: false });
  });

  it("refuses settings that cannot work", () => {
    expect(() => loadStorageConfig({ STORAGE: "s3" })).toThrow(/S3_BUCKET/);
    expect(() => loadStorageConfig({ STORAGE: "s3", S3_BUCKET: "d", S3_ACCESS_KEY: "a" })).toThrow(/both/);
    expect(() => loadStorageConfig({ STORAGE: "s3", S3_BUCKET: "d", S3_FORCE_PATH_STYLE: "maybe" })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});
