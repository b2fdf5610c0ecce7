// Upload and download throughput of one large file through the real server on loopback, as a ratio of the
// disk's own sequential write and read speed measured in the same run on the same file system.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { uniquePhone, websocketLogin } from "../../e2e/lib/auth.js";
import { type DriveServer, startDriveServer } from "../../e2e/lib/server.js";
import { NodeClient } from "./lib/node-client.js";

const MiB = 1024 * 1024;
/** 1 GiB by default; BENCH_THROUGHPUT_MB makes a quicker run. */
export const SIZE = Number(process.env.BENCH_THROUGHPUT_MB ?? 1024) * MiB;
/** Within Teldrive's 100 MB to 500 MB part sizes, and four parts for a 1 GiB file. */
export const PART_SIZE = 256 * MiB;
export const CONCURRENCY = 4;
export const CHUNK = 8 * MiB;

export interface Session {
  client: NodeClient;
  cookie: string;
}

/** Signs a new user in; the raw cookie is kept for the streamed part uploads. */
export async function signIn(server: DriveServer): Promise<Session> {
  const payload = await websocketLogin(server, uniquePhone());
  const res = await fetch(`${server.baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("access_token="));
  if (!res.ok || !cookie) throw new Error(`login answered ${res.status}`);
  return { client: new NodeClient(server.baseURL, cookie), cookie };
}

export const mbps = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);

/** Writes SIZE bytes of incompressible data and returns the time including fsync. */
export async function diskWrite(file: string): Promise<number> {
  const block = crypto.randomBytes(CHUNK);
  const started = performance.now();
  const handle = await fsp.open(file, "w");
  try {
    for (let written = 0; written < SIZE; written += CHUNK) {
      // Vary each block a little so no layer can deduplicate it.
      block.writeUInt32LE(written / CHUNK, 0);
      await handle.write(block, 0, Math.min(CHUNK, SIZE - written));
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return performance.now() - started;
}

async function diskRead(file: string): Promise<number> {
  const started = performance.now();
  let total = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK })) total += (chunk as Buffer).length;
  if (total !== SIZE) throw new Error(`read ${total} of ${SIZE} bytes`);
  return performance.now() - started;
}

async function postPart(base: string, cookie: string, uploadId: string, file: string, partNo: number, count: number) {
  const start = (partNo - 1) * PART_SIZE;
  const end = Math.min(SIZE, start + PART_SIZE);
  const q = new URLSearchParams({
    partName: count > 1 ? `big.bin.part.${String(partNo).padStart(3, "0")}` : "big.bin",
    fileName: "big.bin",
    partNo: String(partNo),
  });
  const body = Readable.toWeb(fs.createReadStream(file, { start, end: end - 1, highWaterMark: CHUNK }));
  const res = await fetch(`${base}/api/uploads/${uploadId}?${q}`, {
    method: "POST",
    headers: {
      cookie,
      "content-type": "application/octet-stream",
      "content-length": String(end - start),
    },
    body: body as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  if (!res.ok) throw new Error(`part ${partNo}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { partNo: number; partId: number; channelId: number; salt?: string };
}

/**
 * Uploads `file` as parts, CONCURRENCY in flight, then registers it. Part N goes to `bases[(N - 1) % bases.length]`
 * (several server instances, as a client behind no balancer would spread them); the session's server by default.
 */
export async function upload(
  session: Session,
  file: string,
  bases = [session.client.baseURL],
): Promise<{ ms: number; id: string }> {
  const uploadId = crypto.randomUUID().replaceAll("-", "");
  const count = Math.ceil(SIZE / PART_SIZE);
  const started = performance.now();
  const parts: Awaited<ReturnType<typeof postPart>>[] = [];
  let next = 1;
  const worker = async () => {
    while (next <= count) {
      const partNo = next++;
      const base = bases[(partNo - 1) % bases.length] ?? session.client.baseURL;
      parts.push(await postPart(base, session.cookie, uploadId, file, partNo, count));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, worker));
  parts.sort((a, b) => a.partNo - b.partNo);
  const { client } = session;
  const created = await client.json<{ id: string }>("POST", "/api/files", {
    name: "big.bin",
    type: "file",
    mimeType: "application/octet-stream",
    size: SIZE,
    path: "/",
    encrypted: false,
    channelId: parts[0]?.channelId ?? 0,
    parts: parts.map((p) => (p.salt ? { id: p.partId, salt: p.salt } : { id: p.partId })),
  });
  const ms = performance.now() - started;
  await client.call("DELETE", `/api/uploads/${uploadId}`);
  return { ms, id: created.id };
}

export async function download(client: NodeClient, id: string): Promise<number> {
  const started = performance.now();
  const res = await client.call("GET", `/api/files/${id}/big.bin?download=1`);
  if (!res.body) throw new Error("download has no body");
  let total = 0;
  for await (const chunk of res.body) total += chunk.length;
  const ms = performance.now() - started;
  if (total !== SIZE) throw new Error(`downloaded ${total} of ${SIZE} bytes`);
  return ms;
}

/** Compares a few ranges of the stored file with the source (outside the timed runs). */
export async function spotCheck({ client, cookie }: Session, id: string, file: string): Promise<void> {
  const handle = await fsp.open(file, "r");
  try {
    for (const start of [0, Math.floor(SIZE / 2) - 17, SIZE - MiB]) {
      const expected = Buffer.alloc(MiB);
      await handle.read(expected, 0, MiB, start);
      const res = await fetch(`${client.baseURL}/api/files/${id}/big.bin`, {
        headers: { cookie, range: `bytes=${start}-${start + MiB - 1}` },
      });
      const got = Buffer.from(await res.arrayBuffer());
      if (res.status !== 206 || !got.equals(expected)) throw new Error(`bytes differ at ${start}`);
    }
  } finally {
    await handle.close();
  }
}

export async function runThroughputBench(): Promise<Record<string, number | string>> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "drive-throughput-"));
  // The server's data dir sits on the same file system as the disk test file, so the ratios compare like with like.
  const dataDir = path.join(dir, "data");
  await fsp.mkdir(dataDir);
  const server = await startDriveServer({ dataDir });
  try {
    const session = await signIn(server);
    const source = path.join(dir, "source.bin");
    const writeMs = await diskWrite(source);
    const readMs = await diskRead(source);
    const up = await upload(session, source);
    const downMs = await download(session.client, up.id);
    await spotCheck(session, up.id, source);
    const write = mbps(SIZE, writeMs);
    const read = mbps(SIZE, readMs);
    const uploadSpeed = mbps(SIZE, up.ms);
    const downloadSpeed = mbps(SIZE, downMs);
    return {
      "file size": `${SIZE / MiB} MiB in ${Math.ceil(SIZE / PART_SIZE)} parts of ${PART_SIZE / MiB} MiB, ${CONCURRENCY} in flight`,
      "disk write (MiB/s, fsync)": write,
      "disk read (MiB/s)": read,
      "upload (MiB/s)": uploadSpeed,
      "download (MiB/s)": downloadSpeed,
      "upload / disk write": uploadSpeed / write,
      "download / disk read": downloadSpeed / read,
      note: "page cache cannot be dropped without root: the disk read (and the download) may be served from memory",
    };
  } finally {
    await server.stop();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx src/throughput.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runThroughputBench());
}
