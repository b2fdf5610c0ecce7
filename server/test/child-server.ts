import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

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
  output(): string;
  stop(): Promise<void>;
}

/**
 * The real server (`src/main.ts`) in its own process on a free port, resolved once it prints that it listens.
 * `wrap` runs it under another command (e.g. `unshare`), which must end by exec'ing its arguments.
 */
export async function startChildServer(env: Record<string, string>, wrap: string[] = []): Promise<ChildServer> {
  const port = await freePort();
  const command = [...wrap, process.execPath, "--import", "tsx", "src/main.ts"];
  const child: ChildProcess = spawn(command[0] as string, command.slice(1), {
    cwd: SERVER_DIR,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => {
      output += d.toString();
      if (output.includes("listening")) resolve();
    });
    child.stderr?.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
