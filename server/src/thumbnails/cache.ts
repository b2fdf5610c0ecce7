import crypto from "node:crypto";
import path from "node:path";
import type { StorageConfig } from "../storage/config.js";
import { DiskThumbnailStore, type ThumbnailStore } from "./cache-store.js";
import { S3ThumbnailStore } from "./s3-cache-store.js";

/** What names one rendering: a new upload under the same id (new size or time) gets a new version, never the old picture. */
export interface ThumbnailKey {
  fileId: string;
  /** Hex digest of the file's id, size and updated time. */
  version: string;
  width: number;
  /** Thumbnails of encrypted files are kept sealed, so neither the data dir nor the bucket holds them in clear. */
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

/** `<file id>.<version>.<width>.webp`, then `.sealed` for encrypted files: the names this cache gives entries. */
const ENTRY =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-f]{24})\.(\d+)\.webp(\.sealed)?$/;

/** The key an entry name stands for, or undefined for a name this cache never gives. */
export function parseEntry(name: string): ThumbnailKey | undefined {
  const match = ENTRY.exec(name);
  if (!match) return undefined;
  const [, fileId = "", version = "", width] = match;
  return { fileId, version, width: Number(width), sealed: match[4] !== undefined };
}

/** Whether `bytes` is one whole WebP file (RIFF header with the length it claims). */
function isWebp(bytes: Buffer): boolean {
  return (
    bytes.length >= 12 &&
    bytes.toString("latin1", 0, 4) === "RIFF" &&
    bytes.toString("latin1", 8, 12) === "WEBP" &&
    bytes.readUInt32LE(4) === bytes.length - 8
  );
}

/**
 * Rendered thumbnails in a `ThumbnailStore` (DATA_DIR/thumbnails, or the S3 bucket of the parts), written whole.
 * Sealed entries are AES-256-GCM under a key derived from ENCRYPTION_KEY, with the entry's name as associated data
 * so entries cannot be swapped: the store never holds a thumbnail of an encrypted file in clear.
 */
export class ThumbnailCache {
  private readonly sealKey: Buffer | undefined;

  constructor(
    readonly store: ThumbnailStore,
    encryptionKey: string | undefined,
  ) {
    this.sealKey = encryptionKey
      ? Buffer.from(crypto.hkdfSync("sha256", encryptionKey, "", "drive thumbnail cache", 32))
      : undefined;
  }

  nameOf(key: ThumbnailKey): string {
    return `${key.fileId}.${key.version}.${key.width}.webp${key.sealed ? ".sealed" : ""}`;
  }

  /** The cached WebP, or undefined when there is none or it cannot be opened (it is then rendered again). */
  async get(key: ThumbnailKey): Promise<Buffer | undefined> {
    const name = this.nameOf(key);
    const stored = await this.store.read(name);
    if (!stored) return undefined;
    let webp = stored;
    if (key.sealed) {
      try {
        webp = this.open(stored, name);
      } catch {
        return undefined;
      }
    }
    return isWebp(webp) ? webp : undefined;
  }

  /** Stores a rendering and drops older versions of the same file at the same width. */
  async put(key: ThumbnailKey, webp: Buffer): Promise<void> {
    const name = this.nameOf(key);
    await this.store.write(name, key.sealed ? this.seal(webp, name) : webp);
    const older = (await this.store.entriesOf(key.fileId)).filter((entry) => {
      const other = parseEntry(entry);
      return entry !== name && other?.width === key.width && other.sealed === key.sealed;
    });
    if (older.length > 0) await this.store.remove(older);
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

/** Where the configuration keeps parts, thumbnails go too: `DATA_DIR/thumbnails`, or the bucket with STORAGE=s3. */
export function openThumbnailStore(config: { dataDir: string; storage: StorageConfig }): ThumbnailStore {
  return config.storage.kind === "s3"
    ? new S3ThumbnailStore(config.storage)
    : new DiskThumbnailStore(path.join(config.dataDir, "thumbnails"));
}

/** The cache every instance of the drive shares when parts are in S3; with STORAGE=disk, this instance's own. */
export function openThumbnailCache(config: {
  dataDir: string;
  storage: StorageConfig;
  encryptionKey: string | undefined;
}): ThumbnailCache {
  return new ThumbnailCache(openThumbnailStore(config), config.encryptionKey);
}
