// Upload and download of one large file through the drive server whose parts live in S3 (a throw-away Ceph RADOS
// Gateway from scripts/ceph-s3.mjs), through one instance and through two instances sharing one PostgreSQL and the
// bucket, as ratios of the store's own put and get speed measured with curl (SigV4) in the same round, on the same
// data, in the same shape: the parts as objects, CONCURRENCY puts in flight (as the upload sends them), then one
// get after another (as one download reads them).
import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import { type DriveServer, startDriveServer } from "../../e2e/lib/server.js";
import { startCephS3 } from "../../scripts/ceph-s3.mjs";
import { startTestPostgres } from "../../scripts/test-postgres.mjs";
import { NodeClient } from "./lib/node-client.js";
import {
  CHUNK,
  CONCURRENCY,
  diskWrite,
  download,
  mbps,
  PART_SIZE,
  type Session,
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

/** curl with SigV4 signing against the store: the reference a plain HTTP client sets. */
function curl(env: Record<string, string>, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "curl",
      [
        "-sS",
        "--fail",
        "--aws-sigv4",
        `aws:amz:${env.S3_REGION}:s3`,
        "--user",
        `${env.S3_ACCESS_KEY}:${env.S3_SECRET_KEY}`,
        // Signed without hashing the body first (as the server's SDK sends it); the RADOS Gateway wants the header.
        "-H",
        "x-amz-content-sha256: UNSIGNED-PAYLOAD",
        ...args,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let err = "";
    child.stderr?.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`curl exited with ${code}: ${err}`))));
  });
}

/** The parts as files of their own (curl -T sends a whole file), made once outside the timed runs. */
async function splitParts(source: string, dir: string): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < partCount; i++) {
    const { start, end } = partRange(i);
    const file = path.join(dir, `part-${i}`);
    await pipeline(
      fs.createReadStream(source, { start, end: end - 1, highWaterMark: CHUNK }),
      fs.createWriteStream(file),
    );
    files.push(file);
  }
  return files;
}

/** The parts PUT by curl, CONCURRENCY at once (as the client sends them). */
async function curlPut(env: Record<string, string>, parts: string[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < parts.length) {
      const i = next++;
      await curl(env, ["-T", parts[i] ?? "", `${env.S3_ENDPOINT}/${BUCKET}/curl/${i}`]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, parts.length) }, worker));
  return performance.now() - started;
}

/** The parts GET by one curl, one after another on one connection (as one download reads them). */
async function curlGet(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const args: string[] = [];
  for (let i = 0; i < partCount; i++) args.push("-o", "/dev/null", `${env.S3_ENDPOINT}/${BUCKET}/curl/${i}`);
  await curl(env, args);
  return performance.now() - started;
}

/**
 * The file read part by part with Range requests, one after another, alternating between the instances (what a
 * client spreading one download over several instances does; the same shape as curl's gets).
 */
async function downloadAlternating(bases: string[], cookie: string, id: string): Promise<number> {
  const started = performance.now();
  let total = 0;
  for (let i = 0; i < partCount; i++) {
    const { start, end } = partRange(i);
    const res = await fetch(`${bases[i % bases.length]}/api/files/${id}/big.bin`, {
      headers: { cookie, range: `bytes=${start}-${end - 1}` },
    });
    if (res.status !== 206 || !res.body) throw new Error(`range of part ${i + 1} answered ${res.status}`);
    for await (const chunk of res.body) total += chunk.length;
  }
  if (total !== SIZE) throw new Error(`downloaded ${total} of ${SIZE} bytes`);
  return performance.now() - started;
}

/** Deletes the file through the API and waits until the server's reclaim job has removed its objects. */
async function deleteAndReclaim(session: Session, client: S3Client, id: string): Promise<void> {
  // To the trash, then out of it for good.
  await session.client.call("POST", "/api/files/delete", { ids: [id] });
  await session.client.call("POST", "/api/trash/empty");
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 5 * 60_000) throw new Error("the server did not reclaim the deleted file's parts");
    let left = 0;
    for await (const page of paginateListObjectsV2({ client }, { Bucket: BUCKET, Prefix: "channels/" }))
      left += (page.Contents ?? []).filter((c) => (c.Size ?? 0) > 0).length;
    if (left === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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

type Run = { put: number; get: number; up1: number; down1: number; up2: number; down2: number };

export async function runS3ThroughputBench(): Promise<Record<string, number | string>> {
  const loadBefore = load();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "drive-s3-throughput-"));
  // Two instances share one drive: its metadata in PostgreSQL, its parts in the bucket.
  const postgres = startTestPostgres(57432);
  if (!postgres) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  // The OSD keeps objects in RAM: room for curl's copy and the server's at once, plus slack.
  const cluster = await startCephS3({ memBytes: 2 * SIZE + 1024 * MiB }).catch((err: unknown) => {
    postgres.stop();
    throw err;
  });
  const client = new S3Client({
    endpoint: cluster.env.S3_ENDPOINT,
    region: cluster.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: cluster.env.S3_ACCESS_KEY, secretAccessKey: cluster.env.S3_SECRET_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const env = { STORAGE: "s3", S3_BUCKET: BUCKET, DATABASE_URL: postgres.url, ...cluster.env };
  const servers: DriveServer[] = [];
  const stopAll = async () => {
    client.destroy();
    for (const server of servers) await server.stop();
    await cluster.stop();
    postgres.stop();
    await fsp.rm(dir, { recursive: true, force: true });
  };
  try {
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    // One after the other: both migrate the same database, the second finds it done.
    for (let i = 0; i < 2; i++) servers.push(await startDriveServer({ env }));
  } catch (err) {
    await stopAll();
    throw err;
  }
  const [one, two] = servers as [DriveServer, DriveServer];
  const bases = [one.baseURL, two.baseURL];
  try {
    const source = path.join(dir, "source.bin");
    await diskWrite(source);
    const parts = await splitParts(source, dir);
    const session = await signIn(one);
    // The gateway creates its data pools on the first write: keep that out of the timed runs.
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "warm-up", Body: Buffer.alloc(MiB) }));
    const runs: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const put = await curlPut(cluster.env, parts);
      const get = await curlGet(cluster.env);
      // One instance: every part to it, one GET of the whole file from it.
      const up1 = await upload(session, source);
      const down1 = await download(session.client, up1.id, session.cookie);
      await spotCheck(session, up1.id, source);
      await deleteAndReclaim(session, client, up1.id);
      // Deleted objects hold their RAM until the gateway's garbage collection runs; a full OSD stalls every write.
      await cluster.reclaim();
      // Two instances: parts alternate between them; the download reads part by part from each in turn.
      const up2 = await upload(session, source, bases);
      const down2 = await downloadAlternating(bases, session.cookie, up2.id);
      await spotCheck({ ...session, client: new NodeClient(two.baseURL, session.cookie) }, up2.id, source);
      await deleteAndReclaim(session, client, up2.id);
      await emptyBucket(client);
      // The OSD keeps objects in RAM: free this round's before the next.
      await cluster.reclaim();
      const run = { put, get, up1: up1.ms, down1, up2: up2.ms, down2 };
      runs.push(run);
      const speeds = Object.entries(run).map(([k, ms]) => `${k} ${mbps(SIZE, ms).toFixed(0)}`);
      console.error(`S3 round ${round + 1} (MiB/s): ${speeds.join(", ")}`);
    }
    const speed = (key: keyof Run) => median(runs.map((r) => mbps(SIZE, r[key])));
    // Ratios per round (each against curl in the same round), then the median of those.
    const ratio = (a: "up1" | "up2" | "down1" | "down2", b: "put" | "get") => median(runs.map((r) => r[b] / r[a]));
    const each = (a: "up1" | "up2" | "down1" | "down2", b: "put" | "get") =>
      runs.map((r) => (r[b] / r[a]).toFixed(2)).join(", ");
    return {
      "file size": `${SIZE / MiB} MiB in ${partCount} parts of ${PART_SIZE / MiB} MiB, ${CONCURRENCY} in flight; median of ${ROUNDS} rounds`,
      store: "Ceph 16 RADOS Gateway, one memstore OSD, loopback (scripts/ceph-s3.mjs); metadata in PostgreSQL",
      "curl SigV4 PUT (MiB/s)": speed("put"),
      "curl SigV4 GET (MiB/s)": speed("get"),
      "upload through one instance (MiB/s)": speed("up1"),
      "download through one instance (MiB/s)": speed("down1"),
      "upload through two instances (MiB/s)": speed("up2"),
      "download through two instances (MiB/s)": speed("down2"),
      "upload ÷ curl PUT, one instance (target ≥ 0.8)": `${ratio("up1", "put").toFixed(2)} (rounds: ${each("up1", "put")})`,
      "download ÷ curl GET, one instance (target ≥ 0.8)": `${ratio("down1", "get").toFixed(2)} (rounds: ${each("down1", "get")})`,
      "upload ÷ curl PUT, two instances": `${ratio("up2", "put").toFixed(2)} (rounds: ${each("up2", "put")})`,
      "download ÷ curl GET, two instances": `${ratio("down2", "get").toFixed(2)} (rounds: ${each("down2", "get")})`,
      "load average 1/5/15 min, before / after": `${loadBefore} · ${load()}`,
    };
  } catch (err) {
    for (const server of servers) console.error(`server output:\n${server.output().slice(-3000)}`);
    throw err;
  } finally {
    await stopAll();
  }
}

// `npx tsx src/s3-throughput.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runS3ThroughputBench());
}
