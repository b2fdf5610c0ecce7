// Upload and download of one large file through the real server on loopback, in the web client's own shape, each
// measured against a reference in the same round: uploads against a minimal Node server that pipes each part to a
// file (fsync, rename), downloads and range requests against nginx with sendfile. Rounds interleave every
// measurement, so a burst of load from other work on the machine hits ours and the references alike; the report
// gives medians over the rounds, the CPU seconds each server spent per GiB (from /proc), and the latency of
// /api/version while four encrypted parts upload at once.
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { uniquePhone, websocketLogin } from "../../e2e/lib/auth.js";
import { type DriveServer, freePort, startDriveServer } from "../../e2e/lib/server.js";
import { NodeClient } from "./lib/node-client.js";

const MiB = 1024 * 1024;
/** 1 GiB by default; BENCH_THROUGHPUT_MB makes a quicker run. */
export const SIZE = Number(process.env.BENCH_THROUGHPUT_MB ?? 1024) * MiB;
/**
 * The web client's defaults (web/src/drive/settings/settings-store.ts): parts of 500 MB (`splitFileSize`), four in
 * flight (`uploadConcurrency`).
 */
export const PART_SIZE = 524_288_000;
export const CONCURRENCY = 4;
/** How much the sending side reads from the source file at a time. */
export const CHUNK = MiB;
const ROUNDS = Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 5);
const RANGE_SAMPLES = 25;
const RANGE_LENGTH = 64 * 1024;

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
  const chunk = 8 * MiB;
  const block = crypto.randomBytes(chunk);
  const started = performance.now();
  const handle = await fsp.open(file, "w");
  try {
    for (let written = 0; written < SIZE; written += chunk) {
      // Vary each block a little so no layer can deduplicate it.
      block.writeUInt32LE(written / chunk, 0);
      await handle.write(block, 0, Math.min(chunk, SIZE - written));
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return performance.now() - started;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Sends bytes [start, end) of `file` as one request body, streamed; resolves with the status and answer. */
export function sendRange(
  url: string,
  method: string,
  file: string,
  start: number,
  end: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: { ...headers, "content-type": "application/octet-stream", "content-length": end - start },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (end <= start) req.end();
    else fs.createReadStream(file, { start, end: end - 1, highWaterMark: CHUNK }).pipe(req);
  });
}

/** GETs `url`, counting and dropping the body; the time to the first body byte and to the end. */
export function fetchBytes(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: number; ttfbMs: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfbMs = -1;
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => {
        if (ttfbMs < 0) ttfbMs = performance.now() - started;
        bytes += c.length;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, ttfbMs, ms: performance.now() - started }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const partCount = () => Math.ceil(SIZE / PART_SIZE);
/** Bytes of part `partNo`; `whole`: always a full part, from anywhere in the file (for runs of more parts than it has). */
const partRange = (partNo: number, whole = false) => {
  if (!whole) {
    const start = (partNo - 1) * PART_SIZE;
    return { start, end: Math.min(SIZE, start + PART_SIZE) };
  }
  const length = Math.min(PART_SIZE, SIZE);
  const start = ((partNo - 1) * PART_SIZE) % (SIZE - length + 1);
  return { start, end: start + length };
};

/** Runs `count` jobs with CONCURRENCY in flight. */
async function inFlight<T>(count: number, job: (n: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 1;
  const worker = async () => {
    while (next <= count) {
      const n = next++;
      results[n - 1] = await job(n);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, worker));
  return results;
}

interface UploadedPart {
  partNo: number;
  partId: number;
  channelId: number;
  salt?: string;
}

export interface UploadOptions {
  encrypted?: boolean;
  /** false: as the web client sends (the file is made from its parts); true: made from the uploadId, with a hash. */
  hashing?: boolean;
  /** Parts to send (default: the file's); more than the file has repeats its bytes. */
  parts?: number;
}

/**
 * Uploads `file` as parts, CONCURRENCY in flight, then registers it. Part N goes to `bases[(N - 1) % bases.length]`
 * (several server instances, as a client behind no balancer would spread them); the session's server by default.
 */
export async function upload(
  session: Session,
  file: string,
  bases = [session.client.baseURL],
  opts: UploadOptions = {},
): Promise<{ ms: number; id: string }> {
  const uploadId = crypto.randomUUID().replaceAll("-", "");
  const count = opts.parts ?? partCount();
  const hashing = opts.hashing ?? false;
  const encrypted = opts.encrypted ?? false;
  const started = performance.now();
  const parts = await inFlight(count, async (partNo) => {
    const { start, end } = partRange(partNo, opts.parts !== undefined);
    const q = new URLSearchParams({
      partName: count > 1 ? `big.bin.part.${String(partNo).padStart(3, "0")}` : "big.bin",
      fileName: "big.bin",
      partNo: String(partNo),
      encrypted: String(encrypted),
      hashing: String(hashing),
    });
    const base = bases[(partNo - 1) % bases.length] ?? session.client.baseURL;
    const res = await sendRange(`${base}/api/uploads/${uploadId}?${q}`, "POST", file, start, end, {
      cookie: session.cookie,
    });
    if (res.status !== 200) throw new Error(`part ${partNo}: ${res.status} ${res.body}`);
    return JSON.parse(res.body) as UploadedPart;
  });
  const size = parts.reduce((sum, _p, i) => {
    const { start, end } = partRange(i + 1, opts.parts !== undefined);
    return sum + end - start;
  }, 0);
  const created = await session.client.json<{ id: string }>("POST", "/api/files", {
    name: `big-${uploadId}.bin`,
    type: "file",
    mimeType: "application/octet-stream",
    size,
    path: "/",
    encrypted,
    channelId: parts[0]?.channelId ?? 0,
    ...(hashing
      ? { uploadId }
      : { parts: parts.map((p) => (p.salt ? { id: p.partId, salt: p.salt } : { id: p.partId })) }),
  });
  const ms = performance.now() - started;
  if (!hashing) await session.client.call("DELETE", `/api/uploads/${uploadId}`);
  return { ms, id: created.id };
}

export async function download(client: NodeClient, id: string, cookie = ""): Promise<number> {
  const res = await fetchBytes(`${client.baseURL}/api/files/${id}/big.bin?download=1`, cookie ? { cookie } : {});
  if (res.status !== 200 || res.bytes !== SIZE)
    throw new Error(`downloaded ${res.bytes} of ${SIZE} bytes (${res.status})`);
  return res.ms;
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

/** User plus system CPU seconds a process has used so far (Linux /proc; clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Time and CPU seconds of `pid` spent on `work`. */
async function measured(pid: number, work: () => Promise<number>): Promise<{ ms: number; cpu: number }> {
  const cpu = cpuSeconds(pid);
  const ms = await work();
  return { ms, cpu: cpuSeconds(pid) - cpu };
}

interface Child {
  pid: number;
  port: number;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function waitForPort(port: number, child: ChildProcess, what: string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get(`http://127.0.0.1:${port}/`, (res) => {
        res.resume();
        resolve(true);
      });
      req.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a minimal upload server does: each request body piped to a temp file, fsync, rename. Nothing else. */
const MINIMAL_SERVER = `
const fs = require("node:fs"), http = require("node:http"), path = require("node:path");
const dir = process.argv[1];
http.createServer((req, res) => {
  if (req.method !== "POST") return res.end("ok");
  const target = path.join(dir, path.basename(req.url));
  const temp = target + ".tmp";
  const out = fs.createWriteStream(temp);
  req.pipe(out);
  out.on("finish", () => fs.open(temp, "r+", (e, fd) => fs.fsync(fd, () => fs.close(fd, () =>
    fs.rename(temp, target, () => res.end("{}"))))));
}).listen(Number(process.argv[2]), "127.0.0.1");
`;

async function startMinimalServer(dir: string): Promise<Child> {
  const port = await freePort();
  await fsp.mkdir(dir, { recursive: true });
  const child = spawn(process.execPath, ["-e", MINIMAL_SERVER, dir, String(port)], { stdio: "ignore" });
  await waitForPort(port, child, "the minimal server");
  return { pid: child.pid ?? 0, port, stop: () => stopChild(child) };
}

/** nginx as a static file server: one process (no master), sendfile on, no access log. */
async function startNginx(dir: string, root: string): Promise<Child> {
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  await fsp.writeFile(
    conf,
    `daemon off; master_process off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/nginx-error.log;
events { worker_connections 256; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  types { application/octet-stream bin; }
  server { listen 127.0.0.1:${port}; root ${root}; }
}
`,
  );
  const child = spawn("nginx", ["-c", conf, "-p", dir], { stdio: "ignore" });
  await waitForPort(port, child, "nginx");
  return { pid: child.pid ?? 0, port, stop: () => stopChild(child) };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

/** Range requests of 64 KiB at offsets inside the second part (or the middle); the median time to first byte. */
async function rangeTtfb(url: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  const base = Math.min(PART_SIZE, Math.floor(SIZE / 2)) + 12_345;
  for (let i = 0; i < RANGE_SAMPLES; i++) {
    const start = (base + i * 3 * MiB + i * 4099) % (SIZE - RANGE_LENGTH);
    const res = await fetchBytes(url, { ...headers, range: `bytes=${start}-${start + RANGE_LENGTH - 1}` });
    if (res.status !== 206 || res.bytes !== RANGE_LENGTH)
      throw new Error(`range answered ${res.status}, ${res.bytes} bytes`);
    times.push(res.ttfbMs);
  }
  return median(times);
}

/** /api/version asked one request after another (a fresh connection) while `work` runs; the latencies in ms. */
async function latencyDuring(base: string, work: Promise<unknown>): Promise<number[]> {
  const latencyAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${base}/api/version`, { agent: latencyAgent }, (res) => {
          res.resume();
          res.on("end", () => resolve());
        })
        .on("error", reject);
    });
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await finished;
  latencyAgent.destroy();
  return times;
}

interface Round {
  upMinimal: { ms: number; cpu: number };
  upPlain: { ms: number; cpu: number };
  upHashed: { ms: number; cpu: number };
  upEncrypted: { ms: number; cpu: number };
  downNginx: { ms: number; cpu: number };
  downPlain: { ms: number; cpu: number };
  downEncrypted: { ms: number; cpu: number };
  ttfbNginx: number;
  ttfbPlain: number;
  ttfbEncrypted: number;
  metadata: number;
  versionP99: number;
  versionMax: number;
  /** The same with nothing transferring: what the machine's load alone costs. */
  versionIdleP99: number;
}

export async function runThroughputBench(): Promise<Record<string, number | string>> {
  const loadBefore = loadAverage();
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "drive-throughput-"));
  // Every server's files sit on the same file system as the source, so the ratios compare like with like.
  const dataDir = path.join(dir, "data");
  await fsp.mkdir(dataDir);
  const profileDir = process.env.BENCH_CPU_PROF;
  const server = await startDriveServer({
    dataDir,
    nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
  });
  const minimal = await startMinimalServer(path.join(dir, "minimal"));
  const nginxRoot = path.join(dir, "www");
  await fsp.mkdir(nginxRoot);
  const nginx = await startNginx(dir, nginxRoot);
  try {
    const session = await signIn(server);
    const source = path.join(nginxRoot, "big.bin");
    await diskWrite(source);
    const cookie = { cookie: session.cookie };
    const ours = (id: string) => `${server.baseURL}/api/files/${id}/big.bin`;
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const upMinimal = await measured(minimal.pid, async () => {
        const started = performance.now();
        await inFlight(partCount(), async (partNo) => {
          const { start, end } = partRange(partNo);
          const res = await sendRange(`http://127.0.0.1:${minimal.port}/part-${partNo}`, "POST", source, start, end);
          if (res.status !== 200) throw new Error(`minimal server answered ${res.status}`);
        });
        return performance.now() - started;
      });
      let plainId = "";
      let encryptedId = "";
      let hashedId = "";
      const upPlain = await measured(server.pid, async () => {
        const up = await upload(session, source);
        plainId = up.id;
        return up.ms;
      });
      const upHashed = await measured(server.pid, async () => {
        const up = await upload(session, source, undefined, { hashing: true });
        hashedId = up.id;
        return up.ms;
      });
      const upEncrypted = await measured(server.pid, async () => {
        const up = await upload(session, source, undefined, { encrypted: true });
        encryptedId = up.id;
        return up.ms;
      });
      if (round === 0) {
        await spotCheck(session, plainId, source);
        await spotCheck(session, encryptedId, source);
        const hashed = await session.client.json<{ hash?: string | null }>("GET", `/api/files/${hashedId}`);
        if (!hashed.hash) throw new Error("a file made from its uploadId has no hash");
      }
      const downNginx = await measured(nginx.pid, async () => {
        const res = await fetchBytes(`http://127.0.0.1:${nginx.port}/big.bin`);
        if (res.bytes !== SIZE) throw new Error(`nginx sent ${res.bytes} bytes`);
        return res.ms;
      });
      const downPlain = await measured(server.pid, () => download(session.client, plainId, session.cookie));
      const downEncrypted = await measured(server.pid, () => download(session.client, encryptedId, session.cookie));
      const ttfbNginx = await rangeTtfb(`http://127.0.0.1:${nginx.port}/big.bin`, {});
      const ttfbPlain = await rangeTtfb(ours(plainId), cookie);
      const ttfbEncrypted = await rangeTtfb(ours(encryptedId), cookie);
      // What a range costs before any byte is read: the same two database round trips (session, file row).
      const metadataTimes: number[] = [];
      for (let i = 0; i < RANGE_SAMPLES; i++)
        metadataTimes.push((await fetchBytes(`${server.baseURL}/api/files/${plainId}`, cookie)).ms);
      const metadata = median(metadataTimes);
      // Four encrypted 500 MB parts at once (one file's worth, as the client sends them), /api/version meanwhile.
      const latencies = await latencyDuring(
        server.baseURL,
        upload(session, source, undefined, { encrypted: true, parts: 4 }),
      );
      const idle = await latencyDuring(server.baseURL, new Promise((resolve) => setTimeout(resolve, 5000)));
      // Keep the data dir (and the page cache) the size of one round.
      const listed = await session.client.list("/");
      await session.client.call("POST", "/api/files/delete", { ids: listed.items.map((f) => f.id) });
      await session.client.call("POST", "/api/trash/empty");
      const r: Round = {
        upMinimal,
        upPlain,
        upHashed,
        upEncrypted,
        downNginx,
        downPlain,
        downEncrypted,
        ttfbNginx,
        ttfbPlain,
        ttfbEncrypted,
        metadata,
        versionP99: percentile(latencies, 99),
        versionMax: Math.max(...latencies),
        versionIdleP99: percentile(idle, 99),
      };
      rounds.push(r);
      console.error(
        `throughput round ${round + 1}/${ROUNDS} (MiB/s): up minimal ${mbps(SIZE, upMinimal.ms).toFixed(0)}, ours ${mbps(SIZE, upPlain.ms).toFixed(0)}, hashed ${mbps(SIZE, upHashed.ms).toFixed(0)}, encrypted ${mbps(SIZE, upEncrypted.ms).toFixed(0)}; down nginx ${mbps(SIZE, downNginx.ms).toFixed(0)}, ours ${mbps(SIZE, downPlain.ms).toFixed(0)}, encrypted ${mbps(SIZE, downEncrypted.ms).toFixed(0)}; TTFB ms nginx ${ttfbNginx.toFixed(2)}, ours ${ttfbPlain.toFixed(2)}, encrypted ${ttfbEncrypted.toFixed(2)}; /api/version p99 ${r.versionP99.toFixed(1)} ms (${latencies.length} asked; idle ${r.versionIdleP99.toFixed(1)} ms); load ${loadAverage()}`,
      );
    }
    const gib = SIZE / (1024 * MiB);
    type Phase = Exclude<
      keyof Round,
      "ttfbNginx" | "ttfbPlain" | "ttfbEncrypted" | "metadata" | "versionP99" | "versionMax" | "versionIdleP99"
    >;
    const speed = (k: Phase) => median(rounds.map((r) => mbps(SIZE, r[k].ms)));
    const cpu = (k: Phase) => median(rounds.map((r) => r[k].cpu / gib));
    // Each ratio is taken within a round (against the reference measured next to it), then the median of those.
    const ratio = (a: Phase, b: Phase) => {
      const each = rounds.map((r) => r[b].ms / r[a].ms);
      return `${median(each).toFixed(2)} (rounds: ${each.map((v) => v.toFixed(2)).join(", ")})`;
    };
    const ttfb = (k: "ttfbNginx" | "ttfbPlain" | "ttfbEncrypted" | "metadata") => median(rounds.map((r) => r[k]));
    return {
      "file size": `${SIZE / MiB} MiB in ${partCount()} parts of ${PART_SIZE / MiB} MiB, ${CONCURRENCY} in flight (the client's defaults); median of ${ROUNDS} interleaved rounds`,
      "upload: minimal server, ours, ours hashed, ours encrypted (MiB/s)": [
        speed("upMinimal"),
        speed("upPlain"),
        speed("upHashed"),
        speed("upEncrypted"),
      ]
        .map((v) => v.toFixed(0))
        .join(", "),
      "download: nginx, ours, ours encrypted (MiB/s)": [speed("downNginx"), speed("downPlain"), speed("downEncrypted")]
        .map((v) => v.toFixed(0))
        .join(", "),
      "upload ÷ minimal server (target ≥ 0.9)": ratio("upPlain", "upMinimal"),
      "upload with BLAKE3 hashing ÷ minimal server": ratio("upHashed", "upMinimal"),
      "download ÷ nginx sendfile (target ≥ 0.8)": ratio("downPlain", "downNginx"),
      "encrypted ÷ plain upload (target ≥ 0.6)": ratio("upEncrypted", "upPlain"),
      "encrypted ÷ plain download (target ≥ 0.6)": ratio("downEncrypted", "downPlain"),
      "CPU s/GiB uploaded: minimal, ours, hashed, encrypted": [
        cpu("upMinimal"),
        cpu("upPlain"),
        cpu("upHashed"),
        cpu("upEncrypted"),
      ]
        .map((v) => v.toFixed(2))
        .join(", "),
      "CPU s/GiB downloaded: nginx, ours, encrypted": [cpu("downNginx"), cpu("downPlain"), cpu("downEncrypted")]
        .map((v) => v.toFixed(2))
        .join(", "),
      "CPU per GiB downloaded, ours ÷ nginx (target ≤ 3)": (cpu("downPlain") / cpu("downNginx")).toFixed(1),
      "range TTFB ms: nginx, ours, ours encrypted": [ttfb("ttfbNginx"), ttfb("ttfbPlain"), ttfb("ttfbEncrypted")]
        .map((v) => v.toFixed(2))
        .join(", "),
      "signed-in GET /api/files/{id} (JSON), ms": ttfb("metadata").toFixed(2),
      "range TTFB ours ÷ nginx (target ≤ 1.5)": (ttfb("ttfbPlain") / ttfb("ttfbNginx")).toFixed(2),
      "/api/version p99 during four encrypted 500 MB parts (target < 50 ms)": `${median(rounds.map((r) => r.versionP99)).toFixed(1)} ms (worst round's max ${Math.max(...rounds.map((r) => r.versionMax)).toFixed(1)} ms)`,
      "/api/version p99 with nothing transferring, same rounds": `${median(rounds.map((r) => r.versionIdleP99)).toFixed(1)} ms`,
      "load average 1/5/15 min, before / after": `${loadBefore} · ${loadAverage()}`,
      note: "the page cache cannot be dropped without root rights to spare: reads (nginx's and ours) may come from memory",
    };
  } finally {
    await server.stop();
    await minimal.stop();
    await nginx.stop();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

// `npx tsx src/throughput.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runThroughputBench());
}
