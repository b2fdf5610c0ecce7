import { Transform, type TransformCallback } from "node:stream";
import { sealPool } from "../storage/seal-pool.js";
import { READ_CHUNK } from "../storage/store.js";

/** Teldrive hashes each part in 16 MiB blocks; the file hash is BLAKE3 over the concatenated block digests. */
export const HASH_BLOCK_SIZE = 16 * 1024 * 1024;

/** Batches in a thread's hands per stream before the stream waits: bounds the memory a slow thread can hold. */
const MAX_IN_FLIGHT = 8;

let nextStream = 1;

/**
 * Passes bytes through unchanged while the BLAKE3 digest of every 16 MiB block is computed on a sealing thread
 * (native BLAKE3, seal-worker.mjs): the event loop only copies each chunk into a batch. Every batch of a stream goes
 * to the same thread, which keeps the hash state, so they are hashed in order.
 */
export class BlockHasher extends Transform {
  private readonly stream = nextStream++;
  private readonly slot = this.stream % sealPool.size;
  private batch = Buffer.allocUnsafeSlow(READ_CHUNK);
  private filled = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private digests: Buffer = Buffer.alloc(0);

  constructor() {
    super({ highWaterMark: READ_CHUNK });
  }

  /** Kept async for callers written against the WebAssembly hasher, which had to load first. */
  static async create(): Promise<BlockHasher> {
    return new BlockHasher();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    let offset = 0;
    while (offset < chunk.length) {
      const n = Math.min(READ_CHUNK - this.filled, chunk.length - offset);
      chunk.copy(this.batch, this.filled, offset, offset + n);
      this.filled += n;
      offset += n;
      if (this.filled === READ_CHUNK) this.send();
    }
    this.push(chunk);
    if (this.inFlight.size < MAX_IN_FLIGHT) return done();
    Promise.race(this.inFlight).then(
      () => done(),
      (err: unknown) => done(err as Error),
    );
  }

  override _flush(done: TransformCallback) {
    if (this.filled > 0) this.send();
    Promise.all(this.inFlight)
      .then(() => sealPool.hash(this.slot, "hash-end", this.stream))
      .then(
        (digests) => {
          this.digests = digests;
          done();
        },
        (err: unknown) => done(err as Error),
      );
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void) {
    if (!this.writableFinished) sealPool.hash(this.slot, "hash-drop", this.stream).catch(() => {});
    done(err);
  }

  private send() {
    // Buffers from allocUnsafeSlow own their whole ArrayBuffer, so it can be transferred.
    const job = sealPool.hash(this.slot, "hash", this.stream, this.batch.buffer as ArrayBuffer, this.filled);
    this.inFlight.add(job);
    job.then(
      () => this.inFlight.delete(job),
      () => this.inFlight.delete(job),
    );
    this.batch = Buffer.allocUnsafeSlow(READ_CHUNK);
    this.filled = 0;
  }

  /** The concatenated 32-byte block digests; complete once the stream has ended. */
  blockHashes(): Buffer {
    return this.digests;
  }
}
