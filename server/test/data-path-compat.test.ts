// Byte-compatibility of the data path with the parts and hashes made before issue 29 (test/fixtures/data-path, made
// by the WebAssembly code that was then in use): the native code must read them and produce them identically.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../src/config.js";
import { Blobs } from "../src/storage/blobs.js";
import { DecryptStream, deriveKey, EncryptStream, HEADER_SIZE, parseHeader } from "../src/storage/crypt.js";
import { BlockHasher } from "../src/uploads/block-hasher.js";
import { fixturePlaintext } from "./fixtures/data-path/plaintext.js";
import { createTestBucket } from "./storage-helpers.js";

const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures", "data-path");
const fixtures = JSON.parse(fs.readFileSync(path.join(dir, "fixtures.json"), "utf8")) as {
  secret: string;
  salt: string;
  key: string;
  encrypted: { name: string; plainSize: number }[];
  hashed: { plainSize: number; blockHashes: string }[];
};
const sealed = (name: string) => fs.readFileSync(path.join(dir, name));

/** `data` cut into uneven chunks (1 byte up to ~300 KB), as a socket or a store hands them over. */
function unevenly(data: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0, step = 1; at < data.length; at += step, step = (step * 5 + 11) % 300_001 || 3)
    chunks.push(data.subarray(at, at + step));
  return Readable.from(chunks);
}

describe("data path compatibility with the parts made before", () => {
  it("derives the same key from the same secret and salt", async () => {
    expect(Buffer.from(await deriveKey(fixtures.secret, fixtures.salt)).toString("hex")).toBe(fixtures.key);
  });

  it("seals every fixture's plaintext into the very same bytes, given its nonce", async () => {
    const key = Buffer.from(fixtures.key, "hex");
    for (const { name, plainSize } of fixtures.encrypted) {
      const expected = sealed(name);
      const nonce = parseHeader(expected.subarray(0, HEADER_SIZE));
      for (const source of [Readable.from([fixturePlaintext(plainSize)]), unevenly(fixturePlaintext(plainSize))]) {
        const got = await buffer(source.pipe(new EncryptStream(key, nonce)));
        expect(got.equals(expected), `${name}`).toBe(true);
      }
    }
  });

  it("opens every fixture, whole and from any block on, in any chunking", async () => {
    const key = Buffer.from(fixtures.key, "hex");
    for (const { name, plainSize } of fixtures.encrypted) {
      const cipher = sealed(name);
      const plain = fixturePlaintext(plainSize);
      const whole = await buffer(unevenly(cipher).pipe(new DecryptStream(key)));
      expect(whole.equals(plain), name).toBe(true);
      const nonce = parseHeader(cipher.subarray(0, HEADER_SIZE));
      const blocks = Math.ceil(plainSize / 65_536);
      for (const first of [1, blocks - 1].filter((b) => b > 0 && b < blocks)) {
        const from = HEADER_SIZE + first * (65_536 + 16);
        const rest = await buffer(unevenly(cipher.subarray(from)).pipe(new DecryptStream(key, nonce, first)));
        expect(rest.equals(plain.subarray(first * 65_536)), `${name} from block ${first}`).toBe(true);
      }
    }
  });

  it("refuses a fixture with one bit flipped", async () => {
    const key = Buffer.from(fixtures.key, "hex");
    const cipher = Buffer.from(sealed("sealed-200000.bin"));
    cipher[HEADER_SIZE + 70_000] = (cipher[HEADER_SIZE + 70_000] ?? 0) ^ 1;
    await expect(buffer(Readable.from([cipher]).pipe(new DecryptStream(key)))).rejects.toThrow(/authentication/);
  });

  it("fails once, and cleanly, when several batches of a long part do not authenticate", async () => {
    const key = Buffer.from(fixtures.key, "hex");
    const cipher = await buffer(Readable.from([fixturePlaintext(5 * 1024 * 1024)]).pipe(new EncryptStream(key)));
    for (const at of [HEADER_SIZE + 100, HEADER_SIZE + 1_500_000, HEADER_SIZE + 3_000_000])
      cipher[at] = (cipher[at] ?? 0) ^ 1;
    await expect(buffer(unevenly(cipher).pipe(new DecryptStream(key)))).rejects.toThrow(/authentication/);
  });

  it("makes the same BLAKE3 block hashes, in any chunking", async () => {
    for (const { plainSize, blockHashes } of fixtures.hashed) {
      const hasher = await BlockHasher.create();
      await buffer(unevenly(fixturePlaintext(plainSize)).pipe(hasher));
      expect(hasher.blockHashes().toString("hex"), `${plainSize} bytes`).toBe(blockHashes);
    }
  });

  describe("through the configured store", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "data-path-compat-"));
    let bucket: Awaited<ReturnType<typeof createTestBucket>>;
    let config: Config;
    let blobs: Blobs;
    beforeAll(async () => {
      bucket = await createTestBucket();
      config = { ...loadConfig({ DATA_DIR: dataDir, ...bucket?.env }), encryptionKey: fixtures.secret };
      blobs = new Blobs(config);
      await blobs.store.check();
    });
    afterAll(async () => {
      blobs.store.close();
      await bucket?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("serves files whose parts are the fixtures, whole and by ranges", async () => {
      // Two parts of 200,000 bytes and a last one of 65,537, as the client splits a file.
      const names = ["sealed-200000.bin", "sealed-200000.bin", "sealed-65537.bin"];
      const parts = [];
      for (const [i, name] of names.entries()) {
        const bytes = sealed(name);
        await blobs.store.put({ channelId: 3, partId: 100 + i }, Readable.from([bytes]), bytes.length);
        parts.push({ id: 100 + i, salt: fixtures.salt });
      }
      const plain = Buffer.concat([fixturePlaintext(200_000), fixturePlaintext(200_000), fixturePlaintext(65_537)]);
      const file = { channelId: 3, parts, size: plain.length, encrypted: true };
      expect((await buffer(blobs.createReadStream(file))).equals(plain)).toBe(true);
      for (const [start, end] of [
        [0, 0],
        [65_530, 65_545],
        [131_072, 199_999],
        [199_990, 200_010],
        [150_000, plain.length - 1],
        [plain.length - 1, plain.length - 1],
      ] as const) {
        const got = await buffer(blobs.createReadStream(file, { start, end }));
        expect(got.equals(plain.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
    });

    it("stores what it writes in the same format the fixtures have", async () => {
      const plain = fixturePlaintext(200_000);
      const { salt, size } = await blobs.writePart({
        channelId: 3,
        partId: 200,
        body: unevenly(plain),
        length: plain.length,
        encrypted: true,
      });
      expect(size).toBe(sealed("sealed-200000.bin").length);
      const stored = await buffer(await blobs.store.read({ channelId: 3, partId: 200 }, 0, size - 1));
      const nonce = parseHeader(stored.subarray(0, HEADER_SIZE));
      const again = await buffer(
        Readable.from([plain]).pipe(new EncryptStream(await deriveKey(fixtures.secret, salt), nonce)),
      );
      expect(stored.equals(again)).toBe(true);
    });
  });
});
