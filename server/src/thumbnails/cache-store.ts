import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where rendered thumbnails are kept, by entry name (`<file id>.<version>.<width>.webp[.sealed]`, made in cache.ts).
 * Implementations hold nothing in process memory, so every instance sharing the place shares the cache.
 * Every entry of a file sits in the folder named by the first two characters of its id.
 */
export interface ThumbnailStore {
  /** "disk" or "s3", for logs and tests. */
  readonly kind: string;
  /** The stored bytes, or undefined when there are none or they cannot be read (the picture is rendered again). */
  read(name: string): Promise<Buffer | undefined>;
  /** Stores an entry whole: a reader sees the old bytes, none, or all of the new ones, never a part. */
  write(name: string, body: Buffer): Promise<void>;
  /** The names of one file's entries. */
  entriesOf(fileId: string): Promise<string[]>;
  /** Removes entries; ones already gone are no error. */
  remove(names: string[]): Promise<void>;
  /** Every entry name, a batch at a time (for pruning; not on any request path). */
  pages(): AsyncIterable<string[]>;
  /** Lets go of connections. */
  close(): void;
}

/** The two characters that spread entries over folders (or key prefixes). */
export const folderOf = (name: string): string => name.slice(0, 2);

/** Entries as files `<root>/<2 chars>/<name>`, written whole (temp file then rename) and private (0600 in 0700 folders). */
export class DiskThumbnailStore implements ThumbnailStore {
  readonly kind = "disk";

  constructor(readonly root: string) {}

  pathOf(name: string): string {
    return path.join(this.root, folderOf(name), name);
  }

  async read(name: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(name));
    } catch {
      return undefined;
    }
  }

  async write(name: string, body: Buffer): Promise<void> {
    const folder = path.join(this.root, folderOf(name));
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    // Temp names start with a dot: no entry name does, so listings skip them.
    const temp = path.join(folder, `.${name}.${crypto.randomBytes(6).toString("hex")}.tmp`);
    try {
      await fs.writeFile(temp, body, { mode: 0o600 });
      await fs.rename(temp, path.join(folder, name));
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  private async namesIn(folder: string): Promise<string[]> {
    try {
      return (await fs.readdir(path.join(this.root, folder))).filter((entry) => !entry.startsWith("."));
    } catch {
      return [];
    }
  }

  async entriesOf(fileId: string): Promise<string[]> {
    return (await this.namesIn(folderOf(fileId))).filter((entry) => entry.startsWith(`${fileId}.`));
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => fs.rm(this.pathOf(name), { force: true })));
  }

  async *pages(): AsyncGenerator<string[]> {
    let folders: string[];
    try {
      folders = await fs.readdir(this.root);
    } catch {
      return;
    }
    for (const folder of folders) {
      const names = await this.namesIn(folder);
      if (names.length > 0) yield names;
    }
  }

  close(): void {}
}
