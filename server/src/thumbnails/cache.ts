import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** What names one rendering: a new upload under the same id (new size or time) gets a new version, never the old picture. */
export interface ThumbnailKey {
  fileId: string;
  /** Hex digest of the file's id, size and updated time. */
  version: string;
  width: number;
  /** Thumbnails of encrypted files are kept sealed, so the data dir never holds them in clear either. */
  sealed: boolean;
}

export function versionOf(file: { id: string; size: number | null; updated_at: Date }): string {
  return crypto
    .createHash("sha256")
    .update(`${file.id}\0${file.size ?? 0}\0${file.updated_at.getTime()}`)
    .digest("hex")
    .slice(0, 24);
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Rendered thumbnails under `DATA_DIR/thumbnails/<2 hex>/<file id>.<version>.<width>.webp[.sealed]`, written
 * whole (temp file then rename) and private (0600 in 0700 folders). Sealed entries are AES-256-GCM under a key
 * derived from ENCRYPTION_KEY, with the entry's name as associated data so entries cannot be swapped.
 */
export class ThumbnailCache {
  private readonly sealKey: Buffer | undefined;

  constructor(
    readonly root: string,
    encryptionKey: string | undefined,
  ) {
    this.sealKey = encryptionKey
      ? Buffer.from(crypto.hkdfSync("sha256", encryptionKey, "", "drive thumbnail cache", 32))
      : undefined;
  }

  private folderOf(fileId: string): string {
    return path.join(this.root, fileId.slice(0, 2));
  }

  private nameOf(key: ThumbnailKey): string {
    return `${key.fileId}.${key.version}.${key.width}.webp${key.sealed ? ".sealed" : ""}`;
  }

  pathOf(key: ThumbnailKey): string {
    return path.join(this.folderOf(key.fileId), this.nameOf(key));
  }

  /** The cached WebP, or undefined when there is none (or it cannot be opened: it is then rendered again). */
  async get(key: ThumbnailKey): Promise<Buffer | undefined> {
    let stored: Buffer;
    try {
      stored = await fs.readFile(this.pathOf(key));
    } catch {
      return undefined;
    }
    if (!key.sealed) return stored;
    try {
      return this.open(stored, this.nameOf(key));
    } catch {
      return undefined;
    }
  }

  /** Stores a rendering and drops older versions of the same file at the same width. */
  async put(key: ThumbnailKey, webp: Buffer): Promise<void> {
    const folder = this.folderOf(key.fileId);
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    const name = this.nameOf(key);
    const body = key.sealed ? this.seal(webp, name) : webp;
    const temp = path.join(folder, `.${name}.${crypto.randomBytes(6).toString("hex")}.tmp`);
    await fs.writeFile(temp, body, { mode: 0o600 });
    await fs.rename(temp, path.join(folder, name));
    await this.removeOthers(
      key.fileId,
      (entry) => entry !== name && entry.endsWith(`.${key.width}.webp${key.sealed ? ".sealed" : ""}`),
    );
  }

  /** Removes every cached rendering of these files (deleted or replaced). */
  async forget(fileIds: string[]): Promise<void> {
    for (const id of fileIds) await this.removeOthers(id, () => true);
  }

  private async removeOthers(fileId: string, drop: (entry: string) => boolean): Promise<void> {
    const folder = this.folderOf(fileId);
    let entries: string[];
    try {
      entries = await fs.readdir(folder);
    } catch {
      return;
    }
    const prefix = `${fileId}.`;
    await Promise.all(
      entries
        .filter((entry) => entry.startsWith(prefix) && drop(entry))
        .map((entry) => fs.rm(path.join(folder, entry), { force: true })),
    );
  }

  /** File ids that have cache entries, a folder at a time (for pruning). */
  async *cachedIds(): AsyncGenerator<string[]> {
    let folders: string[];
    try {
      folders = await fs.readdir(this.root);
    } catch {
      return;
    }
    for (const folder of folders) {
      let entries: string[];
      try {
        entries = await fs.readdir(path.join(this.root, folder));
      } catch {
        continue;
      }
      const ids = new Set(entries.filter((e) => !e.startsWith(".")).map((e) => e.slice(0, e.indexOf("."))));
      if (ids.size > 0) yield [...ids];
    }
  }

  private seal(plain: Buffer, name: string): Buffer {
    if (!this.sealKey) throw new Error("sealing a thumbnail needs ENCRYPTION_KEY");
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv("aes-256-gcm", this.sealKey, iv);
    cipher.setAAD(Buffer.from(name));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  private open(stored: Buffer, name: string): Buffer {
    if (!this.sealKey) throw new Error("opening a sealed thumbnail needs ENCRYPTION_KEY");
    const decipher = crypto.createDecipheriv("aes-256-gcm", this.sealKey, stored.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(name));
    decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  }
}

/** The cache in `DATA_DIR/thumbnails`, where the server's own user alone can read it. */
export function openThumbnailCache(config: { dataDir: string; encryptionKey: string | undefined }): ThumbnailCache {
  return new ThumbnailCache(path.join(config.dataDir, "thumbnails"), config.encryptionKey);
}
