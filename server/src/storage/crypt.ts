import crypto from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import sodium from "libsodium-wrappers";
import { CpuWorker } from "../http/cpu-worker.js";
import { FairGate } from "../http/gate.js";

/**
 * Teldrive's part encryption (rclone-crypt-like): "TELDRIVE\0\0" + 24-byte nonce, then NaCl secretbox
 * blocks of up to 64 KiB plaintext, the nonce incremented little-endian once per block.
 * libsodium (WebAssembly) seals about four times faster than tweetnacl's pure JS; same box format.
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
  // Every stream is built after its key, so this is the one place that waits for libsodium to load.
  await sodium.ready;
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

/** Encrypts a plaintext stream into Teldrive's format, one 64 KiB block at a time. */
export class EncryptStream extends Transform {
  private readonly block = Buffer.allocUnsafe(BLOCK_SIZE);
  private filled = 0;
  private counter = 0;
  private readonly nonce = crypto.randomBytes(NONCE_SIZE);

  constructor(private readonly key: Uint8Array) {
    super();
    this.push(Buffer.concat([MAGIC, this.nonce]));
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    let offset = 0;
    while (offset < chunk.length) {
      const n = Math.min(BLOCK_SIZE - this.filled, chunk.length - offset);
      chunk.copy(this.block, this.filled, offset, offset + n);
      this.filled += n;
      offset += n;
      if (this.filled === BLOCK_SIZE) this.seal();
    }
    done();
  }

  override _flush(done: TransformCallback) {
    if (this.filled > 0) this.seal();
    done();
  }

  private seal() {
    const box = sodium.crypto_secretbox_easy(
      this.block.subarray(0, this.filled),
      addToNonce(this.nonce, this.counter++),
      this.key,
    );
    this.push(Buffer.from(box.buffer, box.byteOffset, box.byteLength));
    this.filled = 0;
  }
}

/**
 * Decrypts sealed blocks starting at block number `firstBlock` (the caller seeks the ciphertext to
 * HEADER_SIZE + firstBlock * SEALED_BLOCK_SIZE). Fails the stream when a block does not authenticate.
 */
export class DecryptStream extends Transform {
  private readonly block = Buffer.allocUnsafe(SEALED_BLOCK_SIZE);
  private filled = 0;
  private counter: number;

  constructor(
    private readonly key: Uint8Array,
    private readonly nonce: Uint8Array,
    firstBlock = 0,
  ) {
    super();
    this.counter = firstBlock;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    let offset = 0;
    while (offset < chunk.length) {
      const n = Math.min(SEALED_BLOCK_SIZE - this.filled, chunk.length - offset);
      chunk.copy(this.block, this.filled, offset, offset + n);
      this.filled += n;
      offset += n;
      if (this.filled === SEALED_BLOCK_SIZE) {
        const err = this.open();
        if (err) return done(err);
      }
    }
    done();
  }

  override _flush(done: TransformCallback) {
    done(this.filled > 0 ? this.open() : undefined);
  }

  private open(): Error | undefined {
    if (this.filled <= BLOCK_OVERHEAD) return new Error("encrypted part is truncated");
    let plain: Uint8Array;
    try {
      plain = sodium.crypto_secretbox_open_easy(
        this.block.subarray(0, this.filled),
        addToNonce(this.nonce, this.counter++),
        this.key,
      );
    } catch {
      return new Error("encrypted part failed authentication");
    } finally {
      this.filled = 0;
    }
    this.push(Buffer.from(plain.buffer, plain.byteOffset, plain.byteLength));
    return undefined;
  }
}

/** Reads the nonce from a part header, checking the magic. */
export function parseHeader(header: Buffer): Uint8Array {
  if (header.length < HEADER_SIZE || !header.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error("not a Teldrive encrypted part");
  return new Uint8Array(header.subarray(MAGIC.length, HEADER_SIZE));
}
