import { Transform, type TransformCallback } from "node:stream";
import { Blake3Hasher } from "@napi-rs/blake-hash";
import { READ_CHUNK } from "../storage/store.js";

/** Teldrive hashes each part in 16 MiB blocks; the file hash is BLAKE3 over the concatenated block digests. */
export const HASH_BLOCK_SIZE = 16 * 1024 * 1024;

/**
 * Passes bytes through unchanged while collecting the BLAKE3 digest of every 16 MiB block. Native BLAKE3 (the Rust
 * crate's SIMD code, prebuilt): about four times the WebAssembly one, so hashing a chunk as it passes costs tens of
 * microseconds of the event loop, not milliseconds.
 */
export class BlockHasher extends Transform {
  private filled = 0;
  private readonly digests: Buffer[] = [];
  private readonly hasher = new Blake3Hasher();

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
      const n = Math.min(HASH_BLOCK_SIZE - this.filled, chunk.length - offset);
      this.hasher.update(offset === 0 && n === chunk.length ? chunk : chunk.subarray(offset, offset + n));
      this.filled += n;
      offset += n;
      if (this.filled === HASH_BLOCK_SIZE) this.finishBlock();
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    if (this.filled > 0) this.finishBlock();
    done();
  }

  private finishBlock() {
    this.digests.push(this.hasher.digestBuffer());
    this.hasher.reset();
    this.filled = 0;
  }

  /** The concatenated 32-byte block digests; complete once the stream has ended. */
  blockHashes(): Buffer {
    return Buffer.concat(this.digests);
  }
}
