import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "../src/config.js";
import { openStore } from "../src/storage/blobs.js";
import { PartMissingError, type PartRef, type PartStore } from "../src/storage/store.js";

/**
 * The S3 endpoint the suite runs against (scripts/test-all.mjs starts a throw-away Ceph cluster and
 * sets these), or undefined: the suite then keeps parts on local disk. Like TEST_DATABASE_URL, a
 * developer's own STORAGE/S3_* settings never receive test data.
 */
export function testS3Endpoint(): Record<string, string> | undefined {
  const { TEST_S3_ENDPOINT, TEST_S3_ACCESS_KEY, TEST_S3_SECRET_KEY, TEST_S3_REGION } = process.env;
  if (!TEST_S3_ENDPOINT) return undefined;
  return {
    STORAGE: "s3",
    S3_ENDPOINT: TEST_S3_ENDPOINT,
    S3_ACCESS_KEY: TEST_S3_ACCESS_KEY ?? "",
    S3_SECRET_KEY: TEST_S3_SECRET_KEY ?? "",
    S3_REGION: TEST_S3_REGION ?? "us-east-1",
  };
}

export function s3Client(endpoint: Record<string, string>): S3Client {
  return new S3Client({
    endpoint: endpoint.S3_ENDPOINT,
    region: endpoint.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: endpoint.S3_ACCESS_KEY ?? "", secretAccessKey: endpoint.S3_SECRET_KEY ?? "" },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

let buckets = 0;

/**
 * A fresh bucket on the test S3 endpoint, with the env that points a server at it; undefined when
 * the suite runs on local disk. `drop` removes every object and the bucket.
 */
export async function createTestBucket(): Promise<{ env: Record<string, string>; drop(): Promise<void> } | undefined> {
  const endpoint = testS3Endpoint();
  if (!endpoint) return undefined;
  const bucket = `drive-test-${process.pid}-${Date.now().toString(36)}-${buckets++}`;
  const client = s3Client(endpoint);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const env = { ...endpoint, S3_BUCKET: bucket };
  return {
    env,
    async drop() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        const keys = (page.Contents ?? []).flatMap((c) => (c.Key ? [{ Key: c.Key }] : []));
        if (keys.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
      }
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
  };
}

/** Every part in the server's store, as "channelId/partId" with its stored size, sorted. */
export async function storedParts(config: Config): Promise<{ name: string; size: number }[]> {
  const found: { name: string; size: number }[] = [];
  const store = openStore(config);
  for await (const p of store.list()) found.push({ name: `${p.channelId}/${p.partId}`, size: p.size });
  store.close();
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Whether the store holds this part. */
export async function partExists(config: Config, ref: PartRef): Promise<boolean> {
  const store = openStore(config);
  return store
    .size(ref)
    .then(
      () => true,
      (err: unknown) => {
        if (err instanceof PartMissingError) return false;
        throw err;
      },
    )
    .finally(() => store.close());
}

/** The stored bytes of one part (ciphertext when encrypted). */
export async function storedBytes(store: PartStore, ref: PartRef): Promise<Buffer> {
  const size = await store.size(ref);
  return size === 0 ? Buffer.alloc(0) : buffer(await store.read(ref, 0, size - 1));
}

/** Replaces a part's stored bytes, as a disk fault or a tampering store would. */
export async function overwriteStored(store: PartStore, ref: PartRef, bytes: Buffer): Promise<void> {
  await store.put(ref, Readable.from([bytes]), bytes.length);
}

/** Removes one part from the server's store behind the server's back, as a lost object or disk fault would. */
export async function removeStored(config: Config, ref: PartRef): Promise<void> {
  const store = openStore(config);
  try {
    await store.delete([ref]);
  } finally {
    store.close();
  }
}

/** Puts a part straight into the store, as a server killed before recording it would leave it. */
export async function storeStray(config: Config, ref: PartRef): Promise<void> {
  const bytes = Buffer.from("a part no row records");
  const store = openStore(config);
  try {
    await store.ensureChannel(ref.channelId);
    await store.put(ref, Readable.from([bytes]), bytes.length);
  } finally {
    store.close();
  }
}
