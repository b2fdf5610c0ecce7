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
import { type PartRef, type PartStore, READ_CHUNK } from "./store.js";

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
    super({ highWaterMark: READ_CHUNK });
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

/** One part's share of a read: a stream of which the first `skip` bytes are dropped and the next `length` passed on. */
interface Piece {
  stream: Readable;
  skip: number;
  length: number;
}

/**
 * The pieces of a read one after another, as one stream: each piece's chunks are pushed on as they come (no
 * per-chunk generator or copy), its source paused while the reader is full, and a piece that ends short fails the
 * whole stream. `next` opens the following piece, or gives null after the last.
 */
class JoinedStream extends Readable {
  private source: Readable | undefined;
  private skip = 0;
  private left = 0;
  private opening = false;
  /** Whether the reader wants more (the last push was taken). */
  private wanted = false;

  constructor(private readonly next: () => Promise<Piece | null>) {
    super({ highWaterMark: READ_CHUNK });
  }

  override _read() {
    this.wanted = true;
    if (this.source) return this.drain();
    if (this.opening) return;
    this.opening = true;
    this.next().then(
      (piece) => {
        this.opening = false;
        if (this.destroyed) return piece?.stream.destroy();
        if (piece) this.attach(piece);
        else this.push(null);
      },
      (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
    );
  }

  private attach({ stream, skip, length }: Piece) {
    this.source = stream;
    this.skip = skip;
    this.left = length;
    stream.on("readable", () => {
      if (this.source === stream) this.drain();
    });
    stream.once("end", () => {
      if (this.source === stream)
        this.destroy(new Error(`stored part is shorter than expected (${this.left} bytes missing)`));
    });
    stream.once("error", (err) => {
      if (this.source === stream) this.destroy(err);
    });
    this.drain();
  }

  /**
   * Moves what the source holds to the reader while it wants more. `read()` hands over everything buffered at once,
   * so many small network chunks go on as one.
   */
  private drain() {
    const stream = this.source;
    while (stream && this.source === stream && this.wanted) {
      const chunk = stream.read() as Buffer | null;
      if (chunk === null) return;
      let piece = chunk;
      if (this.skip > 0) {
        const n = Math.min(this.skip, piece.length);
        piece = piece.subarray(n);
        this.skip -= n;
      }
      if (piece.length > this.left) piece = piece.subarray(0, this.left);
      this.left -= piece.length;
      if (piece.length > 0) this.wanted = this.push(piece);
      if (this.left === 0) {
        this.detach();
        if (this.wanted) this._read();
        return;
      }
    }
  }

  private detach() {
    const source = this.source;
    this.source = undefined;
    if (!source) return;
    source.removeAllListeners("readable");
    source.on("error", () => {});
    source.destroy();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void) {
    this.detach();
    done(err);
  }
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
    const stored = new PassThrough({ highWaterMark: READ_CHUNK });
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
      // A store that gives up stops reading: end the feeding side too, or it would wait forever. Destroyed without
      // an error: a body that was already fed has left no one listening for one on `stored` (it would crash the
      // process), and the store's error is the one answered below.
      this.store.put(ref, stored, size).catch((err: unknown) => {
        stored.destroy();
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
   * read: a range opens its first part at its offset. `requester` is who reads (key derivations take turns by
   * requester).
   */
  createReadStream(
    file: { channelId: number; parts: StoredPart[]; size: number; encrypted: boolean },
    range?: { start: number; end: number },
    requester = "",
  ): Readable {
    const start = range?.start ?? 0;
    const end = range?.end ?? file.size - 1;
    let index = -1;
    let lastIndex = -1;
    let partSize = 0;
    return new JoinedStream(async () => {
      if (index === -1) {
        if (end < start || file.parts.length === 0) return null;
        const first = file.parts[0];
        if (!first) return null;
        // Every part but the last has the first part's size (the client splits evenly); one part is the whole file.
        partSize =
          file.parts.length === 1 ? file.size : await this.plainPartSize(file.channelId, first, file.encrypted);
        if (partSize <= 0) throw new Error("empty part in a non-empty file");
        index = Math.floor(start / partSize);
        lastIndex = Math.min(Math.floor(end / partSize), file.parts.length - 1);
      } else index++;
      if (index > lastIndex) return null;
      const part = file.parts[index];
      if (!part) throw new Error(`part ${index} missing`);
      const from = Math.max(start - index * partSize, 0);
      const to = Math.min(end - index * partSize, partSize - 1);
      return this.readPart(file.channelId, part, file.encrypted, from, to, requester);
    });
  }

  /** Plaintext bytes [from, to] of one part. */
  private async readPart(
    channelId: number,
    part: StoredPart,
    encrypted: boolean,
    from: number,
    to: number,
    requester: string,
  ): Promise<Piece> {
    const ref = { channelId, partId: part.id };
    if (!encrypted) return { stream: await this.store.read(ref, from, to), skip: 0, length: to - from + 1 };
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
    const nonce = firstBlock === 0 ? undefined : parseHeader(await this.readHeader(ref));
    const raw = await this.store.read(ref, nonce ? cipherStart : 0, cipherEnd);
    const stream = pipeline(raw, new DecryptStream(key, nonce, firstBlock), () => {});
    return { stream, skip: from - firstBlock * BLOCK_SIZE, length: to - from + 1 };
  }

  private async readHeader(ref: PartRef): Promise<Buffer> {
    const header = await buffer(await this.store.read(ref, 0, HEADER_SIZE - 1));
    if (header.length < HEADER_SIZE) throw new Error("encrypted part is shorter than its header");
    return header;
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
