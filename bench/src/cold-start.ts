// Server start-up: from spawning `server/src/main.ts` to its "listening" line and to the first answers, with an empty
// data dir (a first start, every e2e worker, every test file) and with the same data dir again. START_ROUNDS sets the
// number of starts (median reported). The 1M-file database start is the list benchmark's (issue 10).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const REPO = path.resolve(import.meta.dirname, "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

interface Start {
  listeningMs: number;
  firstApiMs: number;
  firstPageMs: number;
}

/** One start: times from spawn to the "listening" line, to GET /api/version and to GET / answering 200. */
async function startOnce(dataDir: string, env: Record<string, string> = {}): Promise<Start> {
  const port = await freePort();
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(REPO, "server/src/main.ts")], {
    cwd: path.join(REPO, "server"),
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    let output = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk;
        if (/listening/.test(output)) resolve();
      });
      child.stderr?.on("data", (chunk: Buffer) => {
        output += chunk;
      });
      child.on("exit", (code) => reject(new Error(`server exited (${code}) before listening: ${output.slice(-500)}`)));
    });
    const listeningMs = performance.now() - t0;
    if ((await get(`http://127.0.0.1:${port}/api/version`)) !== 200) throw new Error("/api/version failed");
    const firstApiMs = performance.now() - t0;
    if ((await get(`http://127.0.0.1:${port}/`)) !== 200) throw new Error("/ failed (is web/dist built?)");
    const firstPageMs = performance.now() - t0;
    return { listeningMs, firstApiMs, firstPageMs };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function summary(starts: Start[]): string {
  const f = (v: number) => `${Math.round(v)} ms`;
  return `listening ${f(median(starts.map((s) => s.listeningMs)))}, first API answer ${f(median(starts.map((s) => s.firstApiMs)))}, first page ${f(median(starts.map((s) => s.firstPageMs)))}`;
}

export async function runColdStartBench() {
  const rounds = Number(process.env.START_ROUNDS ?? 5);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "drive-start-bench-"));
  try {
    // The very first start on a machine also makes the PGlite template (one initdb), like a start without one.
    const noTemplate = await startOnce(path.join(root, "first"), { PGLITE_TEMPLATE_DIR: path.join(root, "template") });
    const empty: Start[] = [];
    const again: Start[] = [];
    for (let i = 0; i < rounds; i++) {
      const dir = path.join(root, `run-${i}`);
      empty.push(await startOnce(dir, { PGLITE_TEMPLATE_DIR: path.join(root, "template") }));
      again.push(await startOnce(dir, { PGLITE_TEMPLATE_DIR: path.join(root, "template") }));
    }
    return [
      { name: "first start on a machine (makes the PGlite template)", value: summary([noTemplate]) },
      { name: `empty data dir, median of ${rounds}`, value: summary(empty) },
      { name: `existing data dir, median of ${rounds}`, value: summary(again) },
    ];
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await runColdStartBench()) console.log(`${row.name}: ${row.value}`);
}
