import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "../config.js";
import { badRequest } from "../http/errors.js";
import {
  BLOCK_SIZE,
  DecryptStream,
  decryptedSize,
  deriveKey,
  EncryptStream,
  HEADER_SIZE,
  newSalt,
  parseHeader,
  SEALED_BLOCK_SIZE,
} from "./crypt.js";

/** One stored part of a file, as kept in `files.parts`. */
export interface StoredPart {
  id: number;
  salt?: string;
}

const TEMP_MARK = ".tmp-";

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

function isMissing(err: unknown) {
  return (err as NodeJS.ErrnoException)?.code === "ENOENT";
}

/**
 * File parts on local disk: `DATA_DIR/channels/<channelId>/<partId>`.
 * CONTRACT (implemented by the storage module; other modules only call these):
 */
export class Blobs {
  readonly root: string;

  constructor(readonly config: Config) {
    this.root = path.join(config.dataDir, "channels");
    this.removeStaleTempFiles();
  }

  partPath(channelId: number, partId: number): string {
    return path.join(this.root, String(Math.trunc(channelId)), String(Math.trunc(partId)));
  }

  /** Half-written parts of a previous run (a crash mid-upload) are never referenced; drop them at start. */
  private removeStaleTempFiles() {
    if (!fs.existsSync(this.root)) return;
    for (const channel of fs.readdirSync(this.root)) {
      const dir = path.join(this.root, channel);
      if (!fs.statSync(dir).isDirectory()) continue;
      for (const name of fs.readdirSync(dir))
        if (name.includes(TEMP_MARK)) fs.rmSync(path.join(dir, name), { force: true });
    }
  }

  private async placeAtomically(target: string, write: (temp: string) => Promise<void>) {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}${TEMP_MARK}${crypto.randomBytes(6).toString("hex")}`;
    try {
      await write(temp);
      // Flush before the rename so a part that has its final name is whole even after a power cut.
      const handle = await fs.promises.open(temp, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temp, target);
    } catch (err) {
      await fs.promises.rm(temp, { force: true });
      throw err;
    }
  }

  /** Streams a part body to disk (temp name, renamed when whole). 400 when the body is shorter or longer than `length`. */
  async writePart(opts: {
    channelId: number;
    partId: number;
    body: Readable;
    length: number;
    encrypted: boolean;
  }): Promise<{ size: number; salt: string }> {
    const secret = this.config.encryptionKey;
    if (opts.encrypted && !secret) throw badRequest("encryption is not enabled");
    const salt = opts.encrypted ? newSalt() : "";
    const target = this.partPath(opts.channelId, opts.partId);
    const stages: NodeJS.ReadWriteStream[] = [new ExactLength(opts.length)];
    if (opts.encrypted && secret) stages.push(new EncryptStream(await deriveKey(secret, salt)));
    await this.placeAtomically(target, async (temp) => {
      // Open before streaming: a path-based write stream opens lazily and could create the temp file
      // after a failed pipeline has already cleaned up.
      const out = await fs.promises.open(temp, "wx");
      try {
        await pipeline(opts.body, ...stages, out.createWriteStream());
      } catch (err) {
        if (err instanceof Error && "status" in err) throw err;
        // The client went away or the stream broke: the part is incomplete either way.
        throw badRequest("part body is truncated");
      }
    });
    const { size } = await fs.promises.stat(target);
    return { size, salt };
  }

  /** Plaintext size of one stored part. */
  async plainPartSize(channelId: number, part: StoredPart, encrypted: boolean): Promise<number> {
    const { size } = await fs.promises.stat(this.partPath(channelId, part.id));
    return encrypted ? decryptedSize(size) : size;
  }

  /** Plaintext bytes of a whole file, or of the inclusive range [start, end]. */
  createReadStream(
    file: { channelId: number; parts: StoredPart[]; size: number; encrypted: boolean },
    range?: { start: number; end: number },
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
        yield* self.readPart(file.channelId, part, file.encrypted, from, to);
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
  ): AsyncGenerator<Buffer> {
    const file = this.partPath(channelId, part.id);
    if (!encrypted) {
      yield* fs.createReadStream(file, { start: from, end: to });
      return;
    }
    const secret = this.config.encryptionKey;
    if (!secret) throw new Error("encrypted part but no ENCRYPTION_KEY configured");
    if (!part.salt) throw new Error("encrypted part without a salt");
    const key = await deriveKey(secret, part.salt);
    const handle = await fs.promises.open(file, "r");
    let nonce: Uint8Array;
    try {
      const header = Buffer.alloc(HEADER_SIZE);
      await handle.read(header, 0, HEADER_SIZE, 0);
      nonce = parseHeader(header);
    } finally {
      await handle.close();
    }
    // Only the sealed blocks that hold [from, to] are read and opened.
    const firstBlock = Math.floor(from / BLOCK_SIZE);
    const lastBlock = Math.floor(to / BLOCK_SIZE);
    const cipher = fs.createReadStream(file, {
      start: HEADER_SIZE + firstBlock * SEALED_BLOCK_SIZE,
      end: HEADER_SIZE + (lastBlock + 1) * SEALED_BLOCK_SIZE - 1,
    });
    const decrypt = cipher.pipe(new DecryptStream(key, nonce, firstBlock));
    cipher.on("error", (err) => decrypt.destroy(err));
    let skip = from - firstBlock * BLOCK_SIZE;
    let left = to - from + 1;
    try {
      for await (const chunk of decrypt as AsyncIterable<Buffer>) {
        let piece = chunk;
        if (skip > 0) {
          const n = Math.min(skip, piece.length);
          piece = piece.subarray(n);
          skip -= n;
        }
        if (piece.length > left) piece = piece.subarray(0, left);
        left -= piece.length;
        if (piece.length > 0) yield piece;
        if (left === 0) break;
      }
    } finally {
      cipher.destroy();
      decrypt.destroy();
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
      await this.placeAtomically(this.partPath(to.channelId, id), (temp) =>
        fs.promises.copyFile(this.partPath(from.channelId, part.id), temp),
      );
      copied.push(part.salt ? { id, salt: part.salt } : { id });
    }
    return copied;
  }

  /** Every stored part (for the reconciliation of orphans; not on any request path). */
  async *storedParts(): AsyncGenerator<{ channelId: number; partId: number }> {
    if (!fs.existsSync(this.root)) return;
    for (const channel of await fs.promises.readdir(this.root)) {
      if (!/^\d+$/.test(channel)) continue;
      for await (const entry of await fs.promises.opendir(path.join(this.root, channel)))
        if (entry.isFile() && /^\d+$/.test(entry.name))
          yield { channelId: Number(channel), partId: Number(entry.name) };
    }
  }

  /** Removes parts from disk; missing ones are ignored. */
  async deleteParts(channelId: number, parts: StoredPart[]): Promise<void> {
    for (const part of parts) {
      try {
        await fs.promises.unlink(this.partPath(channelId, part.id));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
  }
}
