import crypto from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { CpuWorker } from "../http/cpu-worker.js";
import { FairGate } from "../http/gate.js";
import { sealPool } from "./seal-pool.js";
import { READ_CHUNK } from "./store.js";

/**
 * Teldrive's part encryption (rclone-crypt-like): "TELDRIVE\0\0" + 24-byte nonce, then NaCl secretbox
 * blocks of up to 64 KiB plaintext, the nonce incremented little-endian once per block.
 * Native libsodium (`sodium-native`, prebuilt for every platform we run on) on the sealing threads (seal-pool.ts):
 * several times faster than its WebAssembly build, which sealed about 444 MiB per CPU-second on the event loop.
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

/** Blocks per batch handed to a sealing thread: 1 MiB of plaintext. */
const BATCH_BLOCKS = 16;
/** Batches of one stream in the threads' hands at once: enough to keep two threads busy and the source reading. */
const BATCHES_IN_FLIGHT = 4;

/**
 * Gathers a stream into batches of `batchSize` bytes and hands each to the sealing threads (seal-pool.ts), pushing
 * what comes back in order. Up to BATCHES_IN_FLIGHT batches are out at once, so the source keeps being read while
 * the threads work. The event loop only copies bytes in and out.
 */
abstract class BatchStream extends Transform {
  private batch: Buffer;
  private filled = 0;
  /** Each batch out, as the promise that its result was pushed (results are pushed in order). */
  private readonly out: Promise<void>[] = [];
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly batchSize: number) {
    super({ highWaterMark: READ_CHUNK });
    this.batch = Buffer.allocUnsafeSlow(batchSize);
  }

  /** Sends `data[0, length)` (handed over) for sealing or opening; resolves with the result. */
  protected abstract process(data: ArrayBuffer, length: number): Promise<Buffer>;

  protected gather(chunk: Buffer, done: TransformCallback) {
    let offset = 0;
    while (offset < chunk.length) {
      const n = Math.min(this.batchSize - this.filled, chunk.length - offset);
      chunk.copy(this.batch, this.filled, offset, offset + n);
      this.filled += n;
      offset += n;
      if (this.filled === this.batchSize) this.send();
    }
    const oldest = this.out[0];
    if (this.out.length < BATCHES_IN_FLIGHT || !oldest) return done();
    oldest.then(
      () => done(),
      (err: unknown) => done(err as Error),
    );
  }

  protected flushBatch(done: TransformCallback) {
    if (this.filled > 0) this.send();
    this.tail.then(
      () => done(),
      (err: unknown) => done(err as Error),
    );
  }

  private send() {
    // Buffers from allocUnsafeSlow own their whole ArrayBuffer, so it can be transferred.
    const job = this.process(this.batch.buffer as ArrayBuffer, this.filled);
    // Only the first failure matters (it ends the stream); a later batch's must not go unhandled.
    job.catch(() => {});
    this.batch = Buffer.allocUnsafeSlow(this.batchSize);
    this.filled = 0;
    const pushed = this.tail
      .then(() => job)
      .then((result) => {
        this.push(result);
      });
    this.tail = pushed;
    this.out.push(pushed);
    pushed.then(
      () => this.out.splice(this.out.indexOf(pushed), 1),
      (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
    );
  }
}

/**
 * Encrypts a plaintext stream into Teldrive's format, 1 MiB at a time on the sealing threads. `nonce` is for tests
 * that must reproduce a known part; parts get a random one.
 */
export class EncryptStream extends BatchStream {
  private readonly key: Uint8Array;
  private readonly nonce: Uint8Array;
  private block = 0;

  constructor(key: Uint8Array, nonce: Uint8Array = crypto.randomBytes(NONCE_SIZE)) {
    super(BATCH_BLOCKS * BLOCK_SIZE);
    // Copies of their own: a view into a shared buffer would send all of it to the thread.
    this.key = new Uint8Array(key);
    this.nonce = new Uint8Array(nonce);
    this.push(Buffer.concat([MAGIC, this.nonce]));
  }

  protected process(data: ArrayBuffer, length: number): Promise<Buffer> {
    const job = sealPool.run("seal", this.key, this.nonce, this.block, data, length);
    this.block += Math.ceil(length / BLOCK_SIZE);
    return job;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.gather(chunk, done);
  }

  override _flush(done: TransformCallback) {
    this.flushBatch(done);
  }
}

/**
 * Decrypts sealed blocks starting at block number `firstBlock`, 1 MiB at a time on the sealing threads. With a
 * `nonce`, the caller seeks the ciphertext to HEADER_SIZE + firstBlock * SEALED_BLOCK_SIZE; without one, the stream
 * starts at the part's first byte and its header is read here. Fails the stream when a block does not authenticate.
 */
export class DecryptStream extends BatchStream {
  private readonly key: Uint8Array;
  private nonce: Uint8Array | undefined;
  private readonly header = Buffer.alloc(HEADER_SIZE);
  private headerFilled = 0;
  private block: number;

  constructor(key: Uint8Array, nonce?: Uint8Array, firstBlock = 0) {
    super(BATCH_BLOCKS * SEALED_BLOCK_SIZE);
    this.key = new Uint8Array(key);
    this.nonce = nonce ? new Uint8Array(nonce) : undefined;
    this.block = firstBlock;
  }

  protected process(data: ArrayBuffer, length: number): Promise<Buffer> {
    const nonce = this.nonce as Uint8Array; // read from the header before any block is sent
    const job = sealPool.run("open", this.key, nonce, this.block, data, length);
    this.block += Math.ceil(length / SEALED_BLOCK_SIZE);
    return job;
  }

  override _transform(input: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    let chunk = input;
    if (!this.nonce) {
      const n = Math.min(HEADER_SIZE - this.headerFilled, chunk.length);
      chunk.copy(this.header, this.headerFilled, 0, n);
      this.headerFilled += n;
      chunk = chunk.subarray(n);
      if (this.headerFilled < HEADER_SIZE) return done();
      try {
        this.nonce = new Uint8Array(parseHeader(this.header));
      } catch (err) {
        return done(err as Error);
      }
    }
    this.gather(chunk, done);
  }

  override _flush(done: TransformCallback) {
    if (!this.nonce) return done(this.headerFilled > 0 ? new Error("encrypted part is shorter than its header") : null);
    this.flushBatch(done);
  }
}

/** Reads the nonce from a part header, checking the magic. */
export function parseHeader(header: Buffer): Uint8Array {
  if (header.length < HEADER_SIZE || !header.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error("not a Teldrive encrypted part");
  return new Uint8Array(header.subarray(MAGIC.length, HEADER_SIZE));
}
