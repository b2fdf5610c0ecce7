import crypto from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import sodium from "sodium-native";
import { CpuWorker } from "../http/cpu-worker.js";
import { READ_CHUNK } from "./store.js";
import { FairGate } from "../http/gate.js";

/**
 * Teldrive's part encryption (rclone-crypt-like): "TELDRIVE\0\0" + 24-byte nonce, then NaCl secretbox
 * blocks of up to 64 KiB plaintext, the nonce incremented little-endian once per block.
 * Native libsodium (`sodium-native`, prebuilt for every platform we run on): several times faster than its
 * WebAssembly build, which sealed about 444 MiB per CPU-second; same box format.
 */
export const MAGIC = Buffer.from("TELDRIVE\0\0", "latin1");
export const NONCE_SIZE = 24;
export const HEADER_SIZE = MAGIC.length + NONCE_SIZE;
export const BLOCK_SIZE = 64 * 1024;
export const BLOCK_OVERHEAD = 16;
export const SEALED_BLOCK_SIZE = BLOCK_SIZE + BLOCK_OVERHEAD;

/** A new per-part salt: base64url(sha256(32 random bytes)), 44 characters (with padding, as Go's URLEncoding). */
export function newSalt(): string {
  const digest = crypto.createHash("sha256").update(crypto.randomBytes(32)).digest("base64url");
  return `${digest}=`;
}

// Deriving a key costs ~50 ms of CPU and 16 MiB; reading a file seeks through the same few salts again and again.
const keyCache = new Map<string, Promise<Uint8Array>>();
const KEY_CACHE_LIMIT = 1024;

/**
 * Keys are derived in one worker thread of their own, one at a time, and whoever asks takes turns (`FairGate`):
 * on libuv's pool, scrypt for a file of a thousand 1-byte encrypted parts made every user's file reads wait
 * (another user's download went 20× slower), and one requester's queue of derivations put everyone else's behind it.
 */
const deriver = new CpuWorker<{ secret: string; salt: string }, Uint8Array>(
  new URL("./key-worker.mjs", import.meta.url),
  8,
);
const turns = new FairGate(1);

/**
 * The 32-byte data key: the first bytes of scrypt(N=16384, r=8, p=1, 80 bytes) of the key with the salt string.
 * `requester` (a user, an address) is who waits for it: derivations are served requester by requester in turn.
 */
export async function deriveKey(secret: string, salt: string, requester = ""): Promise<Uint8Array> {
  const cacheKey = `${salt}\0${crypto.createHash("sha256").update(secret).digest("hex")}`;
  const cached = keyCache.get(cacheKey);
  if (cached) return cached;
  const derived = turns.run(requester, () => deriver.run({ secret, salt }));
  if (keyCache.size >= KEY_CACHE_LIMIT) {
    const oldest = keyCache.keys().next().value;
    if (oldest !== undefined) keyCache.delete(oldest);
  }
  keyCache.set(cacheKey, derived);
  derived.catch(() => keyCache.delete(cacheKey));
  return derived;
}

/** `nonce + n` as a little-endian 192-bit number (a copy). */
export function addToNonce(nonce: Uint8Array, n: number): Uint8Array {
  const out = Uint8Array.from(nonce);
  let carry = n;
  for (let i = 0; i < out.length && carry > 0; i++) {
    const sum = (out[i] ?? 0) + (carry % 256);
    out[i] = sum & 0xff;
    carry = Math.floor(carry / 256) + (sum >> 8);
  }
  return out;
}

export function encryptedSize(plain: number): number {
  const full = Math.floor(plain / BLOCK_SIZE);
  const rest = plain % BLOCK_SIZE;
  return HEADER_SIZE + full * SEALED_BLOCK_SIZE + (rest > 0 ? rest + BLOCK_OVERHEAD : 0);
}

/** Plaintext size of a stored encrypted part; throws when `stored` cannot be such a size. */
export function decryptedSize(stored: number): number {
  const body = stored - HEADER_SIZE;
  if (body < 0) throw new Error("encrypted part too short");
  const blocks = Math.ceil(body / SEALED_BLOCK_SIZE);
  const plain = body - blocks * BLOCK_OVERHEAD;
  if (plain < 0 || (body % SEALED_BLOCK_SIZE !== 0 && body % SEALED_BLOCK_SIZE <= BLOCK_OVERHEAD))
    throw new Error("invalid encrypted part size");
  return plain;
}

/**
 * Encrypts a plaintext stream into Teldrive's format. Whole blocks are sealed straight from the incoming chunk into
 * one output buffer per chunk; only a block split across chunks is gathered first. `nonce` is for tests that must
 * reproduce a known part; parts get a random one.
 */
export class EncryptStream extends Transform {
  private readonly block = Buffer.allocUnsafe(BLOCK_SIZE);
  private filled = 0;
  private readonly nonce: Buffer;
  private readonly key: Buffer;

  constructor(key: Uint8Array, nonce: Uint8Array = crypto.randomBytes(NONCE_SIZE)) {
    super({ highWaterMark: READ_CHUNK });
    this.key = Buffer.from(key);
    this.nonce = Buffer.from(nonce);
    this.push(Buffer.concat([MAGIC, this.nonce]));
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    const blocks = Math.floor((this.filled + chunk.length) / BLOCK_SIZE);
    const out = blocks > 0 ? Buffer.allocUnsafe(blocks * SEALED_BLOCK_SIZE) : undefined;
    let offset = 0;
    for (let b = 0; b < blocks; b++) {
      const target = (out as Buffer).subarray(b * SEALED_BLOCK_SIZE, (b + 1) * SEALED_BLOCK_SIZE);
      if (this.filled > 0) {
        const n = BLOCK_SIZE - this.filled;
        chunk.copy(this.block, this.filled, offset, offset + n);
        offset += n;
        this.filled = 0;
        this.seal(target, this.block);
      } else {
        this.seal(target, chunk.subarray(offset, offset + BLOCK_SIZE));
        offset += BLOCK_SIZE;
      }
    }
    chunk.copy(this.block, this.filled, offset);
    this.filled += chunk.length - offset;
    done(null, out);
  }

  override _flush(done: TransformCallback) {
    if (this.filled === 0) return done();
    const out = Buffer.allocUnsafe(this.filled + BLOCK_OVERHEAD);
    this.seal(out, this.block.subarray(0, this.filled));
    this.filled = 0;
    done(null, out);
  }

  /** Seals `plain` into `target` (plain.length + 16 bytes) and moves the nonce on to the next block. */
  private seal(target: Buffer, plain: Buffer) {
    sodium.crypto_secretbox_easy(target, plain, this.nonce, this.key);
    sodium.sodium_increment(this.nonce);
  }
}

/**
 * Decrypts sealed blocks starting at block number `firstBlock`. With a `nonce`, the caller seeks the ciphertext to
 * HEADER_SIZE + firstBlock * SEALED_BLOCK_SIZE; without one, the stream starts at the part's first byte and its
 * header is read here. Fails the stream when a block does not authenticate. Whole blocks are opened straight from
 * the incoming chunk into one output buffer per chunk.
 */
export class DecryptStream extends Transform {
  private readonly block = Buffer.allocUnsafe(SEALED_BLOCK_SIZE);
  private filled = 0;
  private nonce: Buffer | undefined;
  private readonly key: Buffer;

  constructor(key: Uint8Array, nonce?: Uint8Array, firstBlock = 0) {
    super({ highWaterMark: READ_CHUNK });
    this.key = Buffer.from(key);
    this.nonce = nonce ? Buffer.from(addToNonce(nonce, firstBlock)) : undefined;
  }

  override _transform(input: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    let chunk = input;
    if (!this.nonce) {
      const n = Math.min(HEADER_SIZE - this.filled, chunk.length);
      chunk.copy(this.block, this.filled, 0, n);
      this.filled += n;
      chunk = chunk.subarray(n);
      if (this.filled < HEADER_SIZE) return done();
      try {
        this.nonce = Buffer.from(parseHeader(this.block.subarray(0, HEADER_SIZE)));
      } catch (err) {
        return done(err as Error);
      }
      this.filled = 0;
    }
    const blocks = Math.floor((this.filled + chunk.length) / SEALED_BLOCK_SIZE);
    const out = blocks > 0 ? Buffer.allocUnsafe(blocks * BLOCK_SIZE) : undefined;
    let offset = 0;
    for (let b = 0; b < blocks; b++) {
      const target = (out as Buffer).subarray(b * BLOCK_SIZE, (b + 1) * BLOCK_SIZE);
      let sealed: Buffer;
      if (this.filled > 0) {
        const n = SEALED_BLOCK_SIZE - this.filled;
        chunk.copy(this.block, this.filled, offset, offset + n);
        offset += n;
        this.filled = 0;
        sealed = this.block;
      } else {
        sealed = chunk.subarray(offset, offset + SEALED_BLOCK_SIZE);
        offset += SEALED_BLOCK_SIZE;
      }
      const err = this.open(target, sealed);
      if (err) return done(err);
    }
    chunk.copy(this.block, this.filled, offset);
    this.filled += chunk.length - offset;
    done(null, out);
  }

  override _flush(done: TransformCallback) {
    if (!this.nonce) return done(this.filled > 0 ? new Error("encrypted part is shorter than its header") : null);
    if (this.filled === 0) return done();
    if (this.filled <= BLOCK_OVERHEAD) return done(new Error("encrypted part is truncated"));
    const out = Buffer.allocUnsafe(this.filled - BLOCK_OVERHEAD);
    const err = this.open(out, this.block.subarray(0, this.filled));
    this.filled = 0;
    done(err ?? null, err ? undefined : out);
  }

  private open(target: Buffer, sealed: Buffer): Error | undefined {
    const nonce = this.nonce as Buffer; // set before any block is opened
    if (!sodium.crypto_secretbox_open_easy(target, sealed, nonce, this.key))
      return new Error("encrypted part failed authentication");
    sodium.sodium_increment(nonce);
    return undefined;
  }
}

/** Reads the nonce from a part header, checking the magic. */
export function parseHeader(header: Buffer): Uint8Array {
  if (header.length < HEADER_SIZE || !header.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error("not a Teldrive encrypted part");
  return new Uint8Array(header.subarray(MAGIC.length, HEADER_SIZE));
}
