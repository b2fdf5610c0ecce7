// WebDAV against our own API on the same server in the same run: 1 GiB up and down as ratios of the API's speed
// (measured interleaved, round by round), and PROPFIND Depth 1 of a 100,000-file folder (first byte, whole answer,
// the server's resident memory).
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { type DriveServer, startDriveServer } from "../../e2e/lib/server.js";
import { cloneRows } from "./large-folder-seed.js";
import { NodeClient } from "./lib/node-client.js";
import { diskWrite, download, mbps, PART_SIZE, type Session, SIZE, signIn, upload } from "./throughput.js";

const MiB = 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_WEBDAV_ROUNDS ?? 2);
const FOLDER_FILES = Number(process.env.BENCH_WEBDAV_FILES ?? 100_000);

/** The server process's pid, found by its data dir (the bench starts it; nothing else runs with that dir). */
function serverPid(dataDir: string): number {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8");
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (environ.includes(`DATA_DIR=${dataDir}\0`) && cmd.includes("main.ts")) return Number(entry);
    } catch {}
  }
  throw new Error("server process not found");
}

const rssMiB = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m?.[1] ?? 0) / 1024;
};

async function davPut(server: DriveServer, auth: string, name: string, file: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.baseURL}/webdav/${name}`, {
    method: "PUT",
    headers: { authorization: auth, "content-length": String(SIZE) },
    body: Readable.toWeb(fs.createReadStream(file, { highWaterMark: 8 * MiB })) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  if (res.status !== 201 && res.status !== 204) throw new Error(`PUT answered ${res.status}`);
  return performance.now() - started;
}

async function davGet(server: DriveServer, auth: string, name: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.baseURL}/webdav/${name}`, { headers: { authorization: auth } });
  if (!res.ok || !res.body) throw new Error(`GET answered ${res.status}`);
  let total = 0;
  for await (const chunk of res.body) total += chunk.length;
  if (total !== SIZE) throw new Error(`WebDAV GET read ${total} of ${SIZE} bytes`);
  return performance.now() - started;
}

async function apiKey(session: Session): Promise<string> {
  const created = await session.client.json<{ key: string }>("POST", "/api/users/api-keys", { name: "bench" });
  return `Basic ${Buffer.from(`bench:${created.key}`).toString("base64")}`;
}

/** PROPFIND Depth 1 of the big folder: time to the first body byte and to the end, and the server's RSS. */
async function propfind(server: DriveServer, auth: string, pid: number) {
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 10);
  try {
    const started = performance.now();
    const res = await fetch(`${server.baseURL}/webdav/big-folder/`, {
      method: "PROPFIND",
      headers: { authorization: auth, depth: "1" },
    });
    if (res.status !== 207 || !res.body) throw new Error(`PROPFIND answered ${res.status}`);
    let firstByte = 0;
    let bytes = 0;
    let responses = 0;
    let tail = "";
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      if (!firstByte) firstByte = performance.now() - started;
      bytes += chunk.length;
      const text = tail + decoder.decode(chunk, { stream: true });
      responses += text.split("<D:response>").length - 1;
      tail = text.slice(-12);
    }
    const total = performance.now() - started;
    if (responses !== FOLDER_FILES + 1) throw new Error(`PROPFIND listed ${responses - 1} of ${FOLDER_FILES} files`);
    return { firstByte, total, bytes, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

export async function runWebdavBench(): Promise<Record<string, number | string>> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "drive-webdav-bench-"));
  const dataDir = path.join(dir, "data");
  await fsp.mkdir(dataDir);
  const env = { WEBDAV_SPLIT_SIZE: String(PART_SIZE) };
  // The big folder is seeded in SQL while no server runs (PGlite: one process at a time).
  let server = await startDriveServer({ dataDir, env });
  const first = await signIn(server);
  await first.client.json("POST", "/api/files", { name: "big-folder", type: "folder", path: "/" });
  const template = await first.client.json<{ id: string }>("POST", "/api/files", {
    name: "file-0000001.txt",
    type: "file",
    path: "/big-folder",
    mimeType: "text/plain",
    size: 0,
    parts: [],
  });
  const cookie = first.cookie;
  await server.stop();
  await cloneRows({ dataDir }, template.id, FOLDER_FILES);
  server = await startDriveServer({ dataDir, env });
  try {
    const session: Session = { client: new NodeClient(server.baseURL, cookie), cookie };
    const auth = await apiKey(session);
    const pid = serverPid(dataDir);
    const source = path.join(dir, "source.bin");
    await diskWrite(source);

    const api = { up: [] as number[], down: [] as number[] };
    const dav = { up: [] as number[], down: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const up = await upload(session, source, undefined, { hashing: true });
      api.up.push(mbps(SIZE, up.ms));
      api.down.push(mbps(SIZE, await download(session.client, up.id, session.cookie)));
      await session.client.call("POST", "/api/files/delete", { ids: [up.id] });
      dav.up.push(mbps(SIZE, await davPut(server, auth, "dav-big.bin", source)));
      dav.down.push(mbps(SIZE, await davGet(server, auth, "dav-big.bin")));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const listing = await propfind(server, auth, pid);
    const again = await propfind(server, auth, pid);
    return {
      "file size": `${SIZE / MiB} MiB; API: ${Math.ceil(SIZE / PART_SIZE)} parts of ${PART_SIZE} bytes, 4 in flight, hashed; WebDAV: one PUT stream, stored (and hashed) in parts of the same size`,
      rounds: `${ROUNDS}, interleaved (API then WebDAV each round); medians`,
      "API upload (MiB/s)": median(api.up),
      "WebDAV upload (MiB/s)": median(dav.up),
      "WebDAV upload / API upload": median(dav.up) / median(api.up),
      "API download (MiB/s)": median(api.down),
      "WebDAV download (MiB/s)": median(dav.down),
      "WebDAV download / API download": median(dav.down) / median(api.down),
      [`PROPFIND Depth 1, ${FOLDER_FILES.toLocaleString("en")} files: first byte (ms)`]: Math.min(
        listing.firstByte,
        again.firstByte,
      ),
      [`PROPFIND Depth 1, ${FOLDER_FILES.toLocaleString("en")} files: whole answer (ms)`]: Math.min(
        listing.total,
        again.total,
      ),
      "PROPFIND answer size (MiB)": listing.bytes / MiB,
      "server RSS before / peak during PROPFIND (MiB)": `${Math.round(listing.before)} / ${Math.round(
        Math.max(listing.peak, again.peak),
      )}`,
    };
  } finally {
    await server.stop();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx src/webdav.ts` runs it alone (BENCH_THROUGHPUT_MB, BENCH_WEBDAV_ROUNDS, BENCH_WEBDAV_FILES for quicker runs).
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runWebdavBench());
}
