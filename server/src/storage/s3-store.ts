import type { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import { HttpError } from "../http/errors.js";
import type { S3StorageConfig } from "./config.js";
import { idSegment, PartMissingError, type PartRef, type PartStore, refSegments } from "./store.js";

/** DeleteObjects takes at most this many keys per request. */
export const DELETE_BATCH = 1000;

/**
 * The top-level folders under S3_PREFIX. Parts are only ever `channels/<digits>/<digits>` and thumbnails only
 * `thumbnails/...`, so neither listing (part reconciliation, thumbnail pruning) can see the other's objects.
 */
export const PARTS_FOLDER = "channels/";
export const THUMBNAILS_FOLDER = "thumbnails/";

export function s3Status(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

/**
 * How long the store may take, in ms. `answerMs`: to begin answering a request (the SDK then tries twice more); a
 * part's upload counts it from the end of its body, which may take as long as the client sends. `idleMs`: silent in
 * the middle of a request or of a body, either way (longer than an upload's client may pause, uploads/routes.ts).
 */
export const DEFAULT_S3_TIMEOUTS = { answerMs: 20_000, idleMs: 300_000 };

/** The store did not answer in time, or refused the connection: the request may be tried again later. */
export const storeUnavailable = () => new HttpError(503, "the file store did not answer in time; try again");

function isStall(err: unknown): boolean {
  const { name, code } = (err ?? {}) as { name?: unknown; code?: unknown };
  return name === "TimeoutError" || code === "ETIMEDOUT" || code === "ECONNREFUSED";
}

/** A client for the configured store, with the settings every S3-compatible store here needs. */
export function openS3Client(config: S3StorageConfig): S3Client {
  const timeouts = config.timeouts ?? DEFAULT_S3_TIMEOUTS;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where the API demands them: the newer default sends streamed bodies as
    // aws-chunked with a trailing CRC, which many S3-compatible stores (Ceph 16 among them) refuse.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // Failures reach the caller as errors; the SDK's own console warnings (e.g. for a part body the
    // client broke off) would only repeat them.
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    // Each download streams from its own GetObject: allow many at once rather than queueing them.
    requestHandler: {
      connectionTimeout: 10_000,
      // Until the answer's headers; without throwOnRequestTimeout the SDK would only log a warning.
      requestTimeout: timeouts.answerMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.idleMs,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
  // Outside the SDK's retries: a store still not answering after them makes the request answer 503, not 500.
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (err) {
        throw isStall(err) ? storeUnavailable() : err;
      }
    },
    { step: "initialize", name: "storeUnavailable" },
  );
  return client;
}

/** Removes objects, DeleteObjects by DeleteObjects; keys already gone are no error. */
export async function deleteObjects(client: S3Client, bucket: string, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += DELETE_BATCH) {
    const batch = keys.slice(i, i + DELETE_BATCH);
    const res = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    // Deleting a missing key succeeds in S3; anything reported here is a real failure.
    const failed = res.Errors?.filter((e) => e.Code !== "NoSuchKey") ?? [];
    if (failed.length > 0)
      throw new Error(`could not delete ${failed.length} objects: ${failed[0]?.Code} ${failed[0]?.Message ?? ""}`);
  }
}

/** Every object under `prefix`, a listing page (up to 1000 keys) at a time. */
export async function* listPages(
  client: S3Client,
  bucket: string,
  prefix: string,
): AsyncGenerator<{ key: string; size: number }[]> {
  for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix }))
    yield (page.Contents ?? []).flatMap((item) => (item.Key ? [{ key: item.Key, size: item.Size ?? 0 }] : []));
}

/**
 * Parts as objects `<prefix>channels/<channelId>/<partId>` in one bucket of any S3-compatible store.
 * A part is one PutObject with its exact Content-Length: the store makes an object visible only
 * when its whole body has arrived, and a body that fails aborts the request, so nothing half-written
 * is ever readable. Parts are at most 2 GiB (+ encryption overhead), well under the 5 GiB a single
 * PutObject or CopyObject takes, so no multipart upload is needed.
 */
export class S3Store implements PartStore {
  readonly kind = "s3";
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly root: string;

  constructor(private readonly config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.root = `${config.prefix}${PARTS_FOLDER}`;
    this.client = openS3Client(config);
  }

  private key(ref: PartRef): string {
    const [channel, part] = refSegments(ref);
    return `${this.root}${channel}/${part}`;
  }

  private channelPrefix(channelId: number): string {
    return `${this.root}${idSegment(channelId)}/`;
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const where = this.config.endpoint ?? `AWS region ${this.config.region}`;
      if (s3Status(err) === 404)
        throw new Error(`S3 bucket "${this.bucket}" does not exist at ${where}: create it first`);
      if (s3Status(err) === 403) throw new Error(`S3 bucket "${this.bucket}" at ${where}: access denied`);
      throw new Error(`S3 bucket "${this.bucket}" at ${where} cannot be reached: ${(err as Error).message}`);
    }
  }

  async put(ref: PartRef, body: Readable, length: number): Promise<void> {
    // A streamed body that fails would otherwise leave the request waiting for bytes that never come.
    const abort = new AbortController();
    let failure: unknown;
    const fail = (err: unknown) => {
      failure ??= err;
      abort.abort();
    };
    const onClose = () => {
      if (!body.readableEnded) fail(body.errored ?? new Error("part body ended early"));
    };
    // The body takes as long as the client sends it; the store's time to answer starts once all of it went out.
    let answerTimer: NodeJS.Timeout | undefined;
    const onEnd = () => {
      answerTimer = setTimeout(() => fail(storeUnavailable()), (this.config.timeouts ?? DEFAULT_S3_TIMEOUTS).answerMs);
    };
    body.once("error", fail);
    body.once("close", onClose);
    body.once("end", onEnd);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(ref),
          Body: body,
          ContentLength: length,
          ContentType: "application/octet-stream",
        }),
        { abortSignal: abort.signal, requestTimeout: 0 },
      );
    } catch (err) {
      throw failure ?? err;
    } finally {
      clearTimeout(answerTimer);
      body.off("error", fail);
      body.off("close", onClose);
      body.off("end", onEnd);
    }
  }

  async size(ref: PartRef): Promise<number> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(ref) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      throw s3Status(err) === 404 ? new PartMissingError(ref) : err;
    }
  }

  async read(ref: PartRef, start: number, end: number): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(ref), Range: `bytes=${start}-${end}` }),
      );
      // In Node the body is the HTTP response itself: a Readable of exactly the requested range.
      return res.Body as Readable;
    } catch (err) {
      throw s3Status(err) === 404 ? new PartMissingError(ref) : err;
    }
  }

  async copy(from: PartRef, to: PartRef): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.key(to),
          // URL-encoded, as the API wants it: an S3_PREFIX may hold any character.
          CopySource: `${this.bucket}/${this.key(from).split("/").map(encodeURIComponent).join("/")}`,
        }),
      );
    } catch (err) {
      throw s3Status(err) === 404 ? new PartMissingError(from) : err;
    }
  }

  async delete(refs: PartRef[]): Promise<void> {
    await this.deleteKeys(refs.map((r) => this.key(r)));
  }

  private deleteKeys(keys: string[]): Promise<void> {
    return deleteObjects(this.client, this.bucket, keys);
  }

  private async *keys(prefix: string): AsyncIterable<{ key: string; size: number }> {
    for await (const page of listPages(this.client, this.bucket, prefix)) yield* page;
  }

  async *list(): AsyncIterable<PartRef & { size: number }> {
    for await (const { key, size } of this.keys(this.root)) {
      const match = /^(\d+)\/(\d+)$/.exec(key.slice(this.root.length));
      if (match) yield { channelId: Number(match[1]), partId: Number(match[2]), size };
    }
  }

  async ensureChannel(channelId: number): Promise<void> {
    // A zero-byte "folder" object, as S3 consoles make them: the channel exists while empty.
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.channelPrefix(channelId), Body: "", ContentLength: 0 }),
    );
  }

  async channelExists(channelId: number): Promise<boolean> {
    const res = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.channelPrefix(channelId), MaxKeys: 1 }),
    );
    return (res.KeyCount ?? res.Contents?.length ?? 0) > 0;
  }

  async deleteChannel(channelId: number): Promise<void> {
    let batch: string[] = [];
    for await (const { key } of this.keys(this.channelPrefix(channelId))) {
      batch.push(key);
      if (batch.length === DELETE_BATCH) {
        await this.deleteKeys(batch);
        batch = [];
      }
    }
    await this.deleteKeys(batch);
  }

  close(): void {
    this.client.destroy();
  }
}
