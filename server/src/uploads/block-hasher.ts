import { Transform, type TransformCallback } from "node:stream";
import { createBLAKE3, type IHasher } from "hash-wasm";

/** Teldrive hashes each part in 16 MiB blocks; the file hash is BLAKE3 over the concatenated block digests. */
export const HASH_BLOCK_SIZE = 16 * 1024 * 1024;

/**
 * Passes bytes through unchanged while collecting the BLAKE3 digest of every 16 MiB block.
 * WebAssembly BLAKE3: the pure-JS one hashes about ten times slower than the disk writes.
 */
export class BlockHasher extends Transform {
  private filled = 0;
  private readonly digests: Uint8Array[] = [];

  private constructor(private readonly hasher: IHasher) {
    super();
  }

  static async create(): Promise<BlockHasher> {
    const hasher = await createBLAKE3();
    hasher.init();
    return new BlockHasher(hasher);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    let offset = 0;
    while (offset < chunk.length) {
      const n = Math.min(HASH_BLOCK_SIZE - this.filled, chunk.length - offset);
      this.hasher.update(chunk.subarray(offset, offset + n));
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
    this.digests.push(this.hasher.digest("binary"));
    this.hasher.init();
    this.filled = 0;
  }

  /** The concatenated 32-byte block digests; complete once the stream has ended. */
  blockHashes(): Buffer {
    return Buffer.concat(this.digests);
  }
}
