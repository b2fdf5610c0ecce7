import path from "node:path";
import { PassThrough, pipeline, Readable, Transform, type TransformCallback } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline as pipelineAsync } from "node:stream/promises";
import type { Config } from "../config.js";
import { badRequest } from "../http/errors.js";
import {
  BLOCK_SIZE,
  DecryptStream,
  decryptedSize,
  deriveKey,
  EncryptStream,
  encryptedSize,
  HEADER_SIZE,
  newSalt,
  parseHeader,
  SEALED_BLOCK_SIZE,
} from "./crypt.js";
import { DiskStore } from "./disk-store.js";
import { S3Store } from "./s3-store.js";
import type { PartRef, PartStore } from "./store.js";

export type { PartRef, PartStore } from "./store.js";

/** One stored part of a file, as kept in `files.parts`. */
export interface StoredPart {
  id: number;
  salt?: string;
}

/** Passes exactly `length` bytes through; fails as soon as more arrive, or at the end when fewer did. */
class ExactLength extends Transform {
  private seen = 0;
  constructor(private readonly length: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.length) return done(badRequest(`part body is longer than Content-Length (${this.length})`));
    done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    done(this.seen < this.length ? badRequest(`part body is truncated (${this.seen} of ${this.length} bytes)`) : null);
  }
}

/** The store the configuration names: parts under `DATA_DIR/channels`, or in an S3 bucket. */
export function openStore(config: Config): PartStore {
  return config.storage.kind === "s3"
    ? new S3Store(config.storage)
    : new DiskStore(path.join(config.dataDir, "channels"));
}

/** Reaches the configured store once, so a server with a wrong bucket or endpoint fails at start. */
export async function checkStorage(config: Config): Promise<void> {
  const store = openStore(config);
  try {
    await store.check();
  } finally {
    store.close();
  }
}

/** Yields a stored byte range and fails when the store returns fewer bytes than asked for. */
async function* exactly(source: Readable, length: number): AsyncGenerator<Buffer> {
  let left = length;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      left -= chunk.length;
      yield chunk;
    }
  } finally {
    source.destroy();
  }
  if (left !== 0) throw new Error(`stored part is shorter than expected (${left} bytes missing)`);
}

/**
 * File parts in the configured store (local disk or S3), with Teldrive's per-part encryption on top:
 * every store sees only the bytes to keep. Other modules call only these methods.
 */
export class Blobs {
  readonly store: PartStore;

  constructor(
    readonly config: Config,
    store?: PartStore,
  ) {
    this.store = store ?? openStore(config);
  }

  /**
   * Streams a part body into the store; readers never see it half-written. 400 when the body is
   * shorter or longer than `length`. `size` is the stored size (ciphertext when encrypted).
   */
  async writePart(opts: {
    channelId: number;
    partId: number;
    body: Readable;
    length: number;
    encrypted: boolean;
    /** Who uploads (key derivations take turns by requester). */
    requester?: string;
  }): Promise<{ size: number; salt: string }> {
    const secret = this.config.encryptionKey;
    if (opts.encrypted && !secret) throw badRequest("encryption is not enabled");
    const salt = opts.encrypted ? newSalt() : "";
    const ref = { channelId: opts.channelId, partId: opts.partId };
    const stages: NodeJS.ReadWriteStream[] = [new ExactLength(opts.length)];
    if (opts.encrypted && secret) stages.push(new EncryptStream(await deriveKey(secret, salt, opts.requester)));
    const size = opts.encrypted ? encryptedSize(opts.length) : opts.length;
    const stored = new PassThrough();
    // Who failed first decides the answer: a short, long or broken-off body is the client's (400),
    // anything else is the store's. A failing store destroys `stored` before the body side hears of it.
    let bodyFailed = false;
    const markBody = () => {
      if (!stored.destroyed) bodyFailed = true;
    };
    for (const stream of [opts.body, ...stages] as NodeJS.EventEmitter[]) stream.once("error", markBody);
    opts.body.once("close", () => {
      if (!opts.body.readableEnded) markBody();
    });
    const [fed, put] = await Promise.allSettled([
      pipelineAsync(opts.body, ...stages, stored),
      // A store that gives up stops reading: end the feeding side too, or it would wait forever.
      this.store.put(ref, stored, size).catch((err: unknown) => {
        stored.destroy(err instanceof Error ? err : new Error(String(err)));
        throw err;
      }),
    ]);
    if (fed.status === "rejected" && (bodyFailed || put.status === "fulfilled")) {
      // A body longer than announced can fail only after the store took `size` bytes: drop that part.
      if (put.status === "fulfilled") await this.store.delete([ref]);
      const err: unknown = fed.reason;
      if (err instanceof Error && "status" in err) throw err;
      // The client went away or the stream broke: the part is incomplete either way.
      throw badRequest("part body is truncated");
    }
    if (put.status === "rejected") throw put.reason;
    return { size, salt };
  }

  /** Plaintext size of one stored part. */
  async plainPartSize(channelId: number, part: StoredPart, encrypted: boolean): Promise<number> {
    const size = await this.store.size({ channelId, partId: part.id });
    return encrypted ? decryptedSize(size) : size;
  }

  /**
   * Plaintext bytes of a whole file, or of the inclusive range [start, end]; only the parts and bytes needed are
   * read. `requester` is who reads (key derivations take turns by requester).
   */
  createReadStream(
    file: { channelId: number; parts: StoredPart[]; size: number; encrypted: boolean },
    range?: { start: number; end: number },
    requester = "",
  ): Readable {
    const start = range?.start ?? 0;
    const end = range?.end ?? file.size - 1;
    const self = this;
    async function* bytes(): AsyncGenerator<Buffer> {
      if (end < start || file.parts.length === 0) return;
      const first = file.parts[0];
      if (!first) return;
      // Every part but the last has the first part's size (the client splits evenly).
      const partSize = await self.plainPartSize(file.channelId, first, file.encrypted);
      if (partSize <= 0) throw new Error("empty part in a non-empty file");
      const firstIndex = Math.floor(start / partSize);
      const lastIndex = Math.min(Math.floor(end / partSize), file.parts.length - 1);
      for (let i = firstIndex; i <= lastIndex; i++) {
        const part = file.parts[i];
        if (!part) throw new Error(`part ${i} missing`);
        const from = Math.max(start - i * partSize, 0);
        const to = Math.min(end - i * partSize, partSize - 1);
        yield* self.readPart(file.channelId, part, file.encrypted, from, to, requester);
      }
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  /** Plaintext bytes [from, to] of one part. */
  private async *readPart(
    channelId: number,
    part: StoredPart,
    encrypted: boolean,
    from: number,
    to: number,
    requester: string,
  ): AsyncGenerator<Buffer> {
    const ref = { channelId, partId: part.id };
    if (!encrypted) {
      yield* exactly(await this.store.read(ref, from, to), to - from + 1);
      return;
    }
    const secret = this.config.encryptionKey;
    if (!secret) throw new Error("encrypted part but no ENCRYPTION_KEY configured");
    if (!part.salt) throw new Error("encrypted part without a salt");
    const key = await deriveKey(secret, part.salt, requester);
    // Only the sealed blocks that hold [from, to] are read and opened; a read from the first block
    // takes the header in the same request.
    const firstBlock = Math.floor(from / BLOCK_SIZE);
    const lastBlock = Math.floor(to / BLOCK_SIZE);
    const cipherStart = HEADER_SIZE + firstBlock * SEALED_BLOCK_SIZE;
    // The last block may be short: stores end a range that runs past the part at its last byte.
    const cipherEnd = HEADER_SIZE + (lastBlock + 1) * SEALED_BLOCK_SIZE - 1;
    const withHeader = firstBlock === 0;
    let header = withHeader ? Buffer.alloc(0) : await this.readHeader(ref);
    const raw = await this.store.read(ref, withHeader ? 0 : cipherStart, cipherEnd);
    try {
      const chunks = (raw as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
      let pending = Buffer.alloc(0);
      while (withHeader && pending.length < HEADER_SIZE) {
        const next = await chunks.next();
        if (next.done) throw new Error("encrypted part is shorter than its header");
        pending = Buffer.concat([pending, next.value]);
      }
      if (withHeader) {
        header = pending.subarray(0, HEADER_SIZE);
        pending = pending.subarray(HEADER_SIZE);
      }
      const nonce = parseHeader(header);
      async function* cipher(): AsyncGenerator<Buffer> {
        if (pending.length > 0) yield pending;
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
      }
      const decrypt = pipeline(Readable.from(cipher()), new DecryptStream(key, nonce, firstBlock), () => {});
      try {
        yield* this.trim(decrypt, from - firstBlock * BLOCK_SIZE, to - from + 1);
      } finally {
        decrypt.destroy();
      }
    } finally {
      raw.destroy();
    }
  }

  private async readHeader(ref: PartRef): Promise<Buffer> {
    const header = await buffer(await this.store.read(ref, 0, HEADER_SIZE - 1));
    if (header.length < HEADER_SIZE) throw new Error("encrypted part is shorter than its header");
    return header;
  }

  /** Skips `skip` bytes of a plaintext stream, then yields `length` bytes; fails when fewer come. */
  private async *trim(plain: Readable, skip: number, length: number): AsyncGenerator<Buffer> {
    let toSkip = skip;
    let left = length;
    for await (const chunk of plain as AsyncIterable<Buffer>) {
      let piece = chunk;
      if (toSkip > 0) {
        const n = Math.min(toSkip, piece.length);
        piece = piece.subarray(n);
        toSkip -= n;
      }
      if (piece.length > left) piece = piece.subarray(0, left);
      left -= piece.length;
      if (piece.length > 0) yield piece;
      if (left === 0) break;
    }
    if (left > 0) throw new Error("encrypted part is shorter than expected");
  }
  /** Copies parts into `toChannelId` under the new ids given (same order); salts are kept. */
  async copyParts(
    from: { channelId: number; parts: StoredPart[] },
    to: { channelId: number; partIds: number[] },
  ): Promise<StoredPart[]> {
    if (from.parts.length !== to.partIds.length) throw new Error("copyParts: one new id per part is needed");
    const copied: StoredPart[] = [];
    for (const [i, part] of from.parts.entries()) {
      const id = to.partIds[i] as number; // same length checked above
      await this.store.copy({ channelId: from.channelId, partId: part.id }, { channelId: to.channelId, partId: id });
      copied.push(part.salt ? { id, salt: part.salt } : { id });
    }
    return copied;
  }

  /** Every stored part (for the reconciliation of orphans; not on any request path). */
  async *storedParts(): AsyncGenerator<PartRef> {
    for await (const { channelId, partId } of this.store.list()) yield { channelId, partId };
  }

  /** Removes one part; a part already gone is no error, so retrying is safe. */
  async deletePart(ref: PartRef): Promise<void> {
    await this.store.delete([ref]);
  }

  /** Removes many parts (in batches where the store can); parts already gone are no error. */
  async deleteMany(refs: PartRef[]): Promise<void> {
    await this.store.delete(refs);
  }

  /** Removes parts of one channel; missing ones are ignored. */
  async deleteParts(channelId: number, parts: StoredPart[]): Promise<void> {
    await this.store.delete(parts.map((p) => ({ channelId, partId: p.id })));
  }

  ensureChannel(channelId: number): Promise<void> {
    return this.store.ensureChannel(channelId);
  }

  channelExists(channelId: number): Promise<boolean> {
    return this.store.channelExists(channelId);
  }

  deleteChannel(channelId: number): Promise<void> {
    return this.store.deleteChannel(channelId);
  }
}
