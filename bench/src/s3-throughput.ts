// Upload and download of one large file through one server instance whose parts live in S3 (a throw-away
// Ceph RADOS Gateway from scripts/ceph-s3.mjs), as ratios of the store's own put and get speed measured
// with the AWS SDK in the same run, on the same data, in the same shape: the parts as objects, CONCURRENCY
// puts in flight (as the upload sends them), then one get after another (as one download reads them).
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import { startDriveServer } from "../../e2e/lib/server.js";
import { startCephS3 } from "../../scripts/ceph-s3.mjs";
import {
  CHUNK,
  CONCURRENCY,
  diskWrite,
  download,
  mbps,
  PART_SIZE,
  SIZE,
  signIn,
  spotCheck,
  upload,
} from "./throughput.js";

const MiB = 1024 * 1024;
const BUCKET = "bench";
const ROUNDS = Number(process.env.BENCH_S3_ROUNDS ?? 3);

const partCount = Math.ceil(SIZE / PART_SIZE);
const partRange = (i: number) => ({ start: i * PART_SIZE, end: Math.min(SIZE, (i + 1) * PART_SIZE) });

async function sdkPut(client: S3Client, source: string): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < partCount) {
      const i = next++;
      const { start, end } = partRange(i);
      await client.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: `sdk/${i}`,
          Body: fs.createReadStream(source, { start, end: end - 1, highWaterMark: CHUNK }),
          ContentLength: end - start,
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, partCount) }, worker));
  return performance.now() - started;
}

async function sdkGet(client: S3Client): Promise<number> {
  const started = performance.now();
  let total = 0;
  for (let i = 0; i < partCount; i++) {
    const res = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `sdk/${i}` }));
    for await (const chunk of res.Body as AsyncIterable<Buffer>) total += chunk.length;
  }
  if (total !== SIZE) throw new Error(`got ${total} of ${SIZE} bytes`);
  return performance.now() - started;
}

async function emptyBucket(client: S3Client): Promise<void> {
  for await (const page of paginateListObjectsV2({ client }, { Bucket: BUCKET })) {
    const keys = (page.Contents ?? []).flatMap((c) => (c.Key ? [{ Key: c.Key }] : []));
    if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket: BUCKET, Delete: { Objects: keys } }));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

export async function runS3ThroughputBench(): Promise<Record<string, number | string>> {
  const loadBefore = load();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "drive-s3-throughput-"));
  // The OSD keeps objects in RAM: room for the SDK's copy and the server's at once, plus slack.
  const cluster = await startCephS3({ memBytes: 2 * SIZE + 1024 * MiB });
  const client = new S3Client({
    endpoint: cluster.env.S3_ENDPOINT,
    region: cluster.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: cluster.env.S3_ACCESS_KEY, secretAccessKey: cluster.env.S3_SECRET_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const server = await client
    .send(new CreateBucketCommand({ Bucket: BUCKET }))
    .then(() => startDriveServer({ env: { STORAGE: "s3", S3_BUCKET: BUCKET, ...cluster.env } }))
    .catch(async (err: unknown) => {
      client.destroy();
      await cluster.stop();
      throw err;
    });
  try {
    const source = path.join(dir, "source.bin");
    await diskWrite(source);
    const session = await signIn(server);
    // The gateway creates its data pools on the first write: keep that out of the timed runs.
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "warm-up", Body: Buffer.alloc(MiB) }));
    const runs: { put: number; get: number; up: number; down: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const put = await sdkPut(client, source);
      const up = await upload(session, source);
      const get = await sdkGet(client);
      const down = await download(session.client, up.id);
      await spotCheck(session, up.id, source);
      await session.client.call("POST", "/api/files/delete", { ids: [up.id] });
      await session.client.call("POST", "/api/trash/empty");
      await emptyBucket(client);
      // The OSD keeps objects in RAM: free this round's before the next.
      await cluster.reclaim();
      runs.push({ put, get, up: up.ms, down });
      console.error(
        `S3 round ${round + 1}: put ${mbps(SIZE, put).toFixed(0)}, upload ${mbps(SIZE, up.ms).toFixed(0)}, ` +
          `get ${mbps(SIZE, get).toFixed(0)}, download ${mbps(SIZE, down).toFixed(0)} MiB/s`,
      );
    }
    const speed = (key: keyof (typeof runs)[number]) => median(runs.map((r) => mbps(SIZE, r[key])));
    // Ratios per round (each against the SDK in the same round), then the median of those.
    const ratio = (a: "up" | "down", b: "put" | "get") => median(runs.map((r) => r[b] / r[a]));
    return {
      "file size": `${SIZE / MiB} MiB in ${partCount} parts of ${PART_SIZE / MiB} MiB, ${CONCURRENCY} in flight; median of ${ROUNDS} rounds`,
      store: "Ceph 16 RADOS Gateway, one memstore OSD, loopback (scripts/ceph-s3.mjs)",
      "SDK put (MiB/s)": speed("put"),
      "SDK get (MiB/s)": speed("get"),
      "upload through the server (MiB/s)": speed("up"),
      "download through the server (MiB/s)": speed("down"),
      "upload / SDK put": ratio("up", "put"),
      "download / SDK get": ratio("down", "get"),
      "load average 1/5/15 min, before / after": `${loadBefore} · ${load()}`,
    };
  } catch (err) {
    console.error(`server output:\n${server.output().slice(-3000)}`);
    throw err;
  } finally {
    client.destroy();
    await server.stop();
    await cluster.stop();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx src/s3-throughput.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runS3ThroughputBench());
}
