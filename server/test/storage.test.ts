import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import nacl from "tweetnacl";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { Blobs, type StoredPart } from "../src/storage/blobs.js";
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

describe("Blobs", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "blobs-test-"));
  const blobs = new Blobs({ ...loadConfig({ DATA_DIR: dir }), encryptionKey: KEY });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");
  let nextId = 1;

  async function store(data: Buffer, partSize: number, encrypted: boolean) {
    const parts: StoredPart[] = [];
    for (let off = 0; off < data.length; off += partSize) {
      const body = data.subarray(off, off + partSize);
      const id = nextId++;
      const { salt } = await blobs.writePart({
        channelId: 7,
        partId: id,
        body: Readable.from([body.subarray(0, 1000), body.subarray(1000)]),
        length: body.length,
        encrypted,
      });
      parts.push(salt ? { id, salt } : { id });
    }
    return { channelId: 7, parts, size: data.length, encrypted };
  }

  for (const encrypted of [false, true]) {
    it(`reads whole files and ranges across parts and blocks (encrypted=${encrypted})`, async () => {
      const partSize = 2 * BLOCK_SIZE + 777;
      const data = crypto.randomBytes(3 * partSize + 4321);
      const file = await store(data, partSize, encrypted);
      expect(sha(await buffer(blobs.createReadStream(file)))).toBe(sha(data));
      const ranges: [number, number][] = [
        [0, 0],
        [BLOCK_SIZE - 5, BLOCK_SIZE + 5],
        [partSize - 10, partSize + 10],
        [partSize - 1, 2 * partSize],
        [BLOCK_SIZE + 3, 3 * partSize + 100],
        [data.length - 1, data.length - 1],
      ];
      for (const [start, end] of ranges) {
        const got = await buffer(blobs.createReadStream(file, { start, end }));
        expect(got.equals(data.subarray(start, end + 1)), `range ${start}-${end}`).toBe(true);
      }
    });
  }

  it("stores nothing when the body is shorter or longer than the length", async () => {
    const channelDir = path.join(dir, "channels", "8");
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
    expect(fs.readdirSync(channelDir)).toEqual([]);
  });

  it("refuses encryption without a key", async () => {
    const plain = new Blobs(loadConfig({ DATA_DIR: dir }));
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
    expect(fs.existsSync(blobs.partPath(7, file.parts[0]?.id ?? 0))).toBe(false);
    expect((await buffer(blobs.createReadStream(copy))).equals(data)).toBe(true);
  });

  it("fails the read stream when an encrypted part was tampered with", async () => {
    const data = crypto.randomBytes(3 * BLOCK_SIZE);
    const file = await store(data, data.length, true);
    const partFile = blobs.partPath(7, file.parts[0]?.id ?? 0);
    const stored = fs.readFileSync(partFile);
    stored[stored.length - 1] = (stored[stored.length - 1] ?? 0) ^ 0xff;
    fs.writeFileSync(partFile, stored);
    await expect(buffer(blobs.createReadStream(file))).rejects.toThrow(/authentication/);
    // The first block is still intact and readable on its own.
    expect((await buffer(blobs.createReadStream(file, { start: 0, end: 99 }))).equals(data.subarray(0, 100))).toBe(
      true,
    );
  });

  it("removes temp files left by a crash when it starts", () => {
    const channelDir = path.join(dir, "channels", "11");
    fs.mkdirSync(channelDir, { recursive: true });
    fs.writeFileSync(path.join(channelDir, "5.tmp-abc"), "half");
    fs.writeFileSync(path.join(channelDir, "6"), "whole");
    new Blobs(loadConfig({ DATA_DIR: dir }));
    expect(fs.readdirSync(channelDir)).toEqual(["6"]);
  });
});
