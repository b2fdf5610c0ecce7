import { GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "../storage/config.js";
import { deleteObjects, listPages, openS3Client, THUMBNAILS_FOLDER } from "../storage/s3-store.js";
import { folderOf, type ThumbnailStore } from "./cache-store.js";

/**
 * Entries as objects `<S3_PREFIX>thumbnails/<2 chars>/<name>` in the bucket that holds the parts, so every instance
 * of the drive shares them. Parts live under `<S3_PREFIX>channels/` only: the two never meet in a listing. One
 * PutObject with the whole body: the store shows an object only once all of it has arrived.
 */
export class S3ThumbnailStore implements ThumbnailStore {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly root: string;

  constructor(config: S3StorageConfig) {
    this.client = openS3Client(config);
    this.bucket = config.bucket;
    this.root = `${config.prefix}${THUMBNAILS_FOLDER}`;
  }

  keyOf(name: string): string {
    return `${this.root}${folderOf(name)}/${name}`;
  }

  async read(name: string): Promise<Buffer | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }));
      if (!res.Body) return undefined;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch {
      // Missing, or the store could not answer: either way the picture is rendered again.
      return undefined;
    }
  }

  async write(name: string, body: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(name),
        Body: body,
        ContentLength: body.length,
        ContentType: "application/octet-stream",
      }),
    );
  }

  /** The entry name in a key under this store's folder, or undefined for any other key. */
  private nameIn(key: string): string | undefined {
    const rest = key.slice(this.root.length);
    const slash = rest.indexOf("/");
    const name = rest.slice(slash + 1);
    return slash === 2 && name && !name.includes("/") && folderOf(name) === rest.slice(0, 2) ? name : undefined;
  }

  private async *names(prefix: string): AsyncGenerator<string[]> {
    for await (const page of listPages(this.client, this.bucket, prefix)) {
      const names = page.flatMap(({ key }) => this.nameIn(key) ?? []);
      if (names.length > 0) yield names;
    }
  }

  async entriesOf(fileId: string): Promise<string[]> {
    const found: string[] = [];
    for await (const names of this.names(this.keyOf(`${fileId}.`))) found.push(...names);
    return found;
  }

  async remove(names: string[]): Promise<void> {
    await deleteObjects(
      this.client,
      this.bucket,
      names.map((name) => this.keyOf(name)),
    );
  }

  pages(): AsyncIterable<string[]> {
    return this.names(this.root);
  }

  close(): void {
    this.client.destroy();
  }
}
