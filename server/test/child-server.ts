import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { COOKIE_NAME, createSession } from "../src/auth/session.js";
import { ensureUserDefaults } from "../src/auth/user-defaults.js";
import { openDb } from "../src/db/index.js";
import { TEST_SIGN_IN_ENV } from "./helpers.js";

export const SERVER_DIR = path.resolve(import.meta.dirname, "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  url: string;
  port: number;
  output(): string;
  /** Resolves with the first match of `pattern` in what the server printed after `from` characters. */
  waitFor(pattern: RegExp, from?: number): Promise<RegExpExecArray>;
  stop(): Promise<void>;
  /** Ends the process with `signal` (SIGKILL: no clean-up of any kind) and resolves once it has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * A fresh PGlite data dir with one user (id 42) and `sessions` sessions of it, written while no server runs
 * (PGlite allows one process per data dir). Returns the sessions' cookie headers and hashes.
 */
export async function seededDataDir(
  sessions = 1,
): Promise<{ dataDir: string; sessions: { cookie: string; hash: string }[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-child-"));
  const db = await openDb({ dataDir });
  try {
    await db.query("INSERT INTO users (user_id, phone, name, user_name) VALUES (42, '+15550190001', 'U', 'u')");
    await ensureUserDefaults(db, 42);
    const made: { cookie: string; hash: string }[] = [];
    for (let i = 0; i < sessions; i++) {
      const { token, hash } = await createSession(db, { userId: 42 });
      made.push({ cookie: `${COOKIE_NAME}=${token}`, hash });
    }
    return { dataDir, sessions: made };
  } finally {
    await db.close();
  }
}

/**
 * The real server (`src/main.ts`) in its own process on a free port, resolved once it prints that it listens.
 * `wrap` runs it under another command (e.g. `unshare`), which must end by exec'ing its arguments.
 */
export function startChildServer(env: Record<string, string>, wrap: string[] = []): Promise<ChildServer> {
  return onFreePort((port) => startOnPort(port, env, wrap));
}

/**
 * Runs `start` on a free port. The port was free a moment ago; another process (an outgoing connection's ephemeral
 * port included) may have taken it since. Then the server says so (EADDRINUSE) and exits, and another one is tried.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (err) {
      if (attempt >= 5 || !(err instanceof Error && /EADDRINUSE/.test(err.message))) throw err;
    }
  }
}

async function startOnPort(port: number, env: Record<string, string>, wrap: string[]): Promise<ChildServer> {
  const command = [...wrap, process.execPath, "--import", "tsx", "src/main.ts"];
  const child: ChildProcess = spawn(command[0] as string, command.slice(1), {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...TEST_SIGN_IN_ENV,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters = new Set<() => void>();
  const printed = (d: Buffer) => {
    output += d.toString();
    for (const w of waiters) w();
  };
  child.stdout?.on("data", printed);
  child.stderr?.on("data", printed);
  const waitFor = (pattern: RegExp, from = 0) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output.slice(from));
        if (match) {
          waiters.delete(check);
          resolve(match);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          waiters.delete(check);
          reject(new Error(`server exited while waiting for ${pattern}:\n${output}`));
        }
      };
      waiters.add(check);
      child.once("exit", check);
      check();
    });
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  await waitFor(/listening/);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    waitFor,
    stop: () => end("SIGTERM"),
    kill: end,
  };
}
