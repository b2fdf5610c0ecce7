import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { idSegment, PartMissingError, type PartRef, type PartStore, READ_CHUNK, refSegments } from "./store.js";

const TEMP_MARK = ".tmp-";

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === "ENOENT";

/** Parts as files: `<root>/<channelId>/<partId>`, written under a temp name and renamed when whole. */
export class DiskStore implements PartStore {
  readonly kind = "disk";

  constructor(readonly root: string) {
    this.removeStaleTempFiles();
  }

  partPath(ref: PartRef): string {
    return path.join(this.root, ...refSegments(ref));
  }

  private channelDir(channelId: number): string {
    return path.join(this.root, idSegment(channelId));
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

  async check(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true, mode: 0o700 });
    await fs.promises.access(this.root, fs.constants.W_OK);
  }

  private async placeAtomically(target: string, write: (temp: string) => Promise<void>) {
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
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

  async put(ref: PartRef, body: Readable, length: number): Promise<void> {
    await this.placeAtomically(this.partPath(ref), async (temp) => {
      // Open before streaming: a path-based write stream opens lazily and could create the temp file
      // after a failed pipeline has already cleaned up.
      const out = await fs.promises.open(temp, "wx", 0o600);
      await pipeline(body, out.createWriteStream({ highWaterMark: READ_CHUNK }));
      const { size } = await fs.promises.stat(temp);
      if (size !== length) throw new Error(`stored ${size} bytes, expected ${length}`);
    });
  }

  async size(ref: PartRef): Promise<number> {
    try {
      return (await fs.promises.stat(this.partPath(ref))).size;
    } catch (err) {
      throw isMissing(err) ? new PartMissingError(ref) : err;
    }
  }

  async read(ref: PartRef, start: number, end: number): Promise<Readable> {
    const handle = await fs.promises.open(this.partPath(ref), "r").catch((err: unknown) => {
      throw isMissing(err) ? new PartMissingError(ref) : err;
    });
    return handle.createReadStream({ start, end, highWaterMark: READ_CHUNK });
  }

  async copy(from: PartRef, to: PartRef): Promise<void> {
    await this.placeAtomically(this.partPath(to), (temp) => fs.promises.copyFile(this.partPath(from), temp));
  }

  async delete(refs: PartRef[]): Promise<void> {
    for (const ref of refs) await fs.promises.rm(this.partPath(ref), { force: true });
  }

  async *list(): AsyncIterable<PartRef & { size: number }> {
    const channels = await fs.promises.readdir(this.root).catch((err: unknown) => {
      if (isMissing(err)) return [];
      throw err;
    });
    for (const channel of channels) {
      if (!/^\d+$/.test(channel)) continue;
      for (const name of await fs.promises.readdir(path.join(this.root, channel)).catch(() => [])) {
        if (!/^\d+$/.test(name)) continue;
        const ref = { channelId: Number(channel), partId: Number(name) };
        yield { ...ref, size: await this.size(ref) };
      }
    }
  }

  async ensureChannel(channelId: number): Promise<void> {
    await fs.promises.mkdir(this.channelDir(channelId), { recursive: true, mode: 0o700 });
  }

  async channelExists(channelId: number): Promise<boolean> {
    return fs.promises
      .stat(this.channelDir(channelId))
      .then((s) => s.isDirectory())
      .catch(() => false);
  }

  async deleteChannel(channelId: number): Promise<void> {
    // Retried: a part still being written into the folder can make it not empty when its turn to go comes.
    await fs.promises.rm(this.channelDir(channelId), { recursive: true, force: true, maxRetries: 3 });
  }

  close(): void {}
}
