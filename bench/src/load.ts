// Bounded loopback load: N clients list, search, upload and download against a real server for a fixed time,
// then every uploaded file is downloaded again and checked by checksum.
// Standalone: `npm run load -w bench` (LOAD_CLIENTS, LOAD_SECONDS, LOAD_USERS, LOAD_MAX_FILE_KB override the defaults).
import crypto from "node:crypto";
import { pathToFileURL } from "node:url";
import { uniquePhone } from "../../e2e/lib/auth.js";
import { startDriveServer } from "../../e2e/lib/server.js";
import { type FileOut, NodeClient, sha256 } from "./lib/node-client.js";

export interface LoadOptions {
  clients: number;
  seconds: number;
  /** Clients share this many signed-in users (sessions). */
  users: number;
  maxFileBytes: number;
  partBytes: number;
}

type Op = "list" | "search" | "upload" | "download";
const OPS: Op[] = ["list", "search", "upload", "download"];

export interface OpStats {
  count: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
}

export interface LoadResult {
  options: LoadOptions;
  seconds: number;
  requestsPerSecond: number;
  ops: Record<Op, OpStats>;
  uploadedBytes: number;
  downloadedBytes: number;
  errors: number;
  firstErrors: string[];
  filesUploaded: number;
  filesLost: number;
  filesCorrupted: number;
}

export function loadOptionsFromEnv(env = process.env): LoadOptions {
  const num = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);
  return {
    clients: num(env.LOAD_CLIENTS, 50),
    seconds: num(env.LOAD_SECONDS, 60),
    users: num(env.LOAD_USERS, 5),
    maxFileBytes: num(env.LOAD_MAX_FILE_KB, 1024) * 1024,
    partBytes: num(env.LOAD_PART_KB, 256) * 1024,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Uploaded {
  file: FileOut;
  folder: string;
  sum: string;
  client: NodeClient;
}

export async function runLoadBench(options: LoadOptions = loadOptionsFromEnv()): Promise<LoadResult> {
  const server = await startDriveServer();
  try {
    const users: NodeClient[] = [];
    for (let i = 0; i < options.users; i++) users.push(await NodeClient.signIn(server, uniquePhone()));
    const latencies: Record<Op, number[]> = { list: [], search: [], upload: [], download: [] };
    const errors: Record<Op, number> = { list: 0, search: 0, upload: 0, download: 0 };
    const firstErrors: string[] = [];
    const uploaded: Uploaded[] = [];
    let corruptedInFlight = 0;
    let uploadedBytes = 0;
    let downloadedBytes = 0;

    // Each client works in its own folder, so names never clash and every list has that client's files.
    const folders = Array.from({ length: options.clients }, (_, i) => `/load/client-${i}`);
    for (let i = 0; i < options.clients; i++) await users[i % users.length]?.mkdir(folders[i] ?? "/");

    const started = Date.now();
    const deadline = started + options.seconds * 1000;
    const worker = async (index: number) => {
      const client = users[index % users.length];
      const folder = folders[index];
      if (!client || !folder) return;
      const mine: Uploaded[] = [];
      let n = 0;
      while (Date.now() < deadline) {
        // Upload first so downloads always have something to fetch.
        const op: Op = mine.length === 0 ? "upload" : (OPS[crypto.randomInt(OPS.length)] ?? "list");
        const t0 = performance.now();
        try {
          if (op === "list") await client.list(folder, { limit: "100" });
          else if (op === "search")
            await client.list("/", { operation: "find", query: `c${index}`, searchType: "text", limit: "50" });
          else if (op === "upload") {
            const size = 1 + crypto.randomInt(options.maxFileBytes);
            const bytes = new Uint8Array(crypto.randomBytes(size));
            const file = await client.upload(folder, `c${index}-f${n++}.bin`, bytes, options.partBytes);
            const entry = { file, folder, sum: sha256(bytes), client };
            mine.push(entry);
            uploaded.push(entry);
            uploadedBytes += size;
          } else {
            const entry = mine[crypto.randomInt(mine.length)];
            if (entry) {
              const body = await client.download(entry.file);
              downloadedBytes += body.length;
              if (sha256(body) !== entry.sum) corruptedInFlight++;
            }
          }
          latencies[op].push(performance.now() - t0);
        } catch (err) {
          errors[op]++;
          if (firstErrors.length < 5) firstErrors.push(err instanceof Error ? err.message : String(err));
        }
      }
    };
    await Promise.all(Array.from({ length: options.clients }, (_, i) => worker(i)));
    const elapsed = (Date.now() - started) / 1000;

    // Verification: every uploaded file is listed in its folder and downloads byte-identical.
    let lost = 0;
    let corrupted = corruptedInFlight;
    const listed = new Map<string, Set<string>>();
    for (const entry of uploaded) {
      let ids = listed.get(entry.folder);
      if (!ids) {
        const list = await entry.client.list(entry.folder, { limit: "1000" });
        ids = new Set(list.items.map((f) => f.id));
        let page = 1;
        while (page < list.meta.totalPages) {
          page++;
          const more = await entry.client.list(entry.folder, { limit: "1000", page: String(page) });
          for (const f of more.items) ids.add(f.id);
        }
        listed.set(entry.folder, ids);
      }
      if (!ids.has(entry.file.id)) {
        lost++;
        continue;
      }
      try {
        if (sha256(await entry.client.download(entry.file)) !== entry.sum) corrupted++;
      } catch {
        lost++;
      }
    }

    const ops = Object.fromEntries(
      OPS.map((op) => {
        const sorted = [...latencies[op]].sort((a, b) => a - b);
        return [
          op,
          { count: sorted.length, errors: errors[op], p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) },
        ];
      }),
    ) as Record<Op, OpStats>;
    const total = OPS.reduce((s, op) => s + ops[op].count, 0);
    return {
      options,
      seconds: elapsed,
      requestsPerSecond: total / elapsed,
      ops,
      uploadedBytes,
      downloadedBytes,
      errors: OPS.reduce((s, op) => s + errors[op], 0),
      firstErrors,
      filesUploaded: uploaded.length,
      filesLost: lost,
      filesCorrupted: corrupted,
    };
  } finally {
    await server.stop();
  }
}

export function formatLoadResult(r: LoadResult): string {
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  const lines = [
    `load: ${r.options.clients} clients (${r.options.users} users) for ${r.seconds.toFixed(0)} s: ${r.requestsPerSecond.toFixed(0)} ops/s, ` +
      `${mb(r.uploadedBytes / r.seconds)} MB/s up, ${mb(r.downloadedBytes / r.seconds)} MB/s down`,
    ...OPS.map(
      (op) =>
        `  ${op.padEnd(8)} ${String(r.ops[op].count).padStart(7)} ops  p50 ${r.ops[op].p50Ms.toFixed(1)} ms  p99 ${r.ops[op].p99Ms.toFixed(1)} ms  errors ${r.ops[op].errors}`,
    ),
    `  files: ${r.filesUploaded} uploaded, ${r.filesLost} lost, ${r.filesCorrupted} corrupted; errors: ${r.errors}`,
    ...r.firstErrors.map((e) => `  error: ${e}`),
  ];
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await runLoadBench();
  console.log(formatLoadResult(result));
  process.exit(result.errors || result.filesLost || result.filesCorrupted ? 1 : 0);
}
