// Starts the real drive server (server/src/main.ts) as a child process on a free port with its own data dir.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
export const WEB_DIST = process.env.WEB_DIST ?? path.join(REPO_ROOT, "web", "dist");

const CODE_LINE = /login code for (\S+): (\d{8})/;

export interface DriveServer {
  baseURL: string;
  port: number;
  /** The server's process id (benchmarks read its CPU time). */
  pid: number;
  dataDir: string;
  /** The newest sign-in code printed for `phone` that no earlier call returned; waits for one to be printed. */
  codeFor(phone: string): Promise<string>;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Graceful stop (SIGTERM). */
  stop(): Promise<void>;
  /** Hard kill (SIGKILL), as a crash would: nothing gets to clean up. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** Reuse a data dir (to restart over the same data); a fresh temp dir otherwise, removed on stop. */
  dataDir?: string;
  env?: Record<string, string | undefined>;
  /** Extra flags for node itself (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startDriveServer(opts: StartOptions = {}): Promise<DriveServer> {
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "drive-e2e-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // A developer's own database or bucket must never receive test data.
  delete env.DATABASE_URL;
  delete env.ALLOWED_PHONES;
  for (const name of Object.keys(env)) if (name === "STORAGE" || name.startsWith("S3_")) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: "e2e-test-encryption-key-0123456789abcdef",
    WEB_DIST,
    LOG_LEVEL: "warn",
    // Specs sign in with fresh numbers, all from 127.0.0.1: sign-up is open and per-address limits out of reach.
    SIGN_UP: "open",
    SIGN_IN_CODES_PER_ADDRESS: "1000000",
    SIGN_IN_WRONG_CODES_PER_ADDRESS: "1000000",
    // Share and file-request passwords too: the specs that guess wrong mean each share's own limit, not the address's.
    PASSWORD_CHECKS_PER_ADDRESS: "1000000",
    // Imports in the specs read from servers the test runs on loopback.
    IMPORT_ALLOW_PRIVATE: "true",
    ...opts.env,
  });
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), "--import", "tsx", path.join(REPO_ROOT, "server/src/main.ts")],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );

  let out = "";
  const codes = new Map<string, string[]>();
  const waiters = new Set<() => void>();
  let pending = "";
  child.stdout?.setEncoding("utf8");
  child.stderr?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    out += chunk;
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const m = CODE_LINE.exec(line);
      if (m?.[1] && m[2]) codes.set(m[1], [...(codes.get(m[1]) ?? []), m[2]]);
    }
    for (const w of waiters) w();
  });
  child.stderr?.on("data", (chunk: string) => {
    out += chunk;
    for (const w of waiters) w();
  });
  child.on("exit", () => {
    for (const w of waiters) w();
  });

  /**
   * Resolves once `check` returns a value, re-checking whenever the server prints or exits. No time limit of its own:
   * a busy machine makes the wait longer, never a failure; the test's time-out bounds a server that hangs.
   */
  const waitFor = <T>(what: string, check: () => T | undefined): Promise<T> =>
    new Promise((resolve, reject) => {
      const done = (fn: () => void) => {
        waiters.delete(poll);
        fn();
      };
      const poll = () => {
        const value = check();
        if (value !== undefined) done(() => resolve(value));
        else if (child.exitCode !== null || child.signalCode !== null)
          done(() => reject(new Error(`drive server exited while waiting for ${what}:\n${out.slice(-4000)}`)));
      };
      waiters.add(poll);
      poll();
    });

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitFor("the server to listen", () => (/listening/.test(out) ? true : undefined));
    const res = await fetch(`${baseURL}/api/version`);
    if (!res.ok) throw new Error(`/api/version answered ${res.status}`);
  } catch (err) {
    child.kill("SIGKILL");
    await exited(child);
    if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = exited(child);
      child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await gone;
      clearTimeout(timer);
    }
  };

  return {
    baseURL,
    port,
    pid: child.pid ?? 0,
    dataDir,
    codeFor: (phone) =>
      waitFor(`a login code for ${phone}`, () => {
        const list = codes.get(phone);
        if (!list?.length) return undefined;
        codes.set(phone, []);
        return list[list.length - 1];
      }),
    output: () => out,
    async stop() {
      await end("SIGTERM");
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      await end("SIGKILL");
    },
  };
}
