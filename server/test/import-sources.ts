import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./child-server.js";

/** A folder of random files: relative path -> bytes. */
export function makeTree(dir: string, files: Record<string, number>): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const [rel, size] of Object.entries(files)) {
    const bytes = crypto.randomBytes(size);
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), bytes);
    out.set(rel, bytes);
  }
  return out;
}

export interface FileServer {
  url: string;
  /** Every request: method, path and its Range header. */
  requests: { method: string; path: string; range?: string }[];
  close(): Promise<void>;
}

/**
 * A plain HTTP server over `dir` with Range support. `throttle`: bytes per 50 ms tick after the first `fastBytes`
 * of a response (so a test can kill the importer mid-file); `ranges: false` ignores Range headers.
 */
export async function serveFiles(
  dir: string,
  opts: { throttle?: number; fastBytes?: number; ranges?: boolean } = {},
): Promise<FileServer> {
  const requests: FileServer["requests"] = [];
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).replace(/^\/+/, "");
    requests.push({ method: req.method ?? "GET", path: `/${rel}`, range: req.headers.range });
    const file = path.join(dir, rel);
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const size = fs.statSync(file).size;
    let start = 0;
    let end = size - 1;
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
    if (m && opts.ranges !== false) {
      start = Number(m[1]);
      end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
      res.writeHead(206, {
        "content-length": end - start + 1,
        "content-range": `bytes ${start}-${end}/${size}`,
        "accept-ranges": "bytes",
      });
    } else res.writeHead(200, { "content-length": size, "accept-ranges": opts.ranges === false ? "none" : "bytes" });
    if (req.method === "HEAD") return res.end();
    const stream = fs.createReadStream(file, { start, end, highWaterMark: 64 * 1024 });
    if (!opts.throttle) return stream.pipe(res);
    let sent = 0;
    const limit = opts.throttle;
    stream.on("data", (chunk: Buffer | string) => {
      sent += chunk.length;
      if (sent <= (opts.fastBytes ?? 0)) return void res.write(chunk);
      stream.pause();
      res.write(chunk);
      setTimeout(() => stream.resume(), Math.ceil((chunk.length / limit) * 50));
    });
    stream.on("end", () => res.end());
    res.on("close", () => stream.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Resolves once `port` on loopback accepts a connection (the process printed nothing we could wait on). */
export async function portAnswers(port: number, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => {
        s.destroy();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() - started > timeoutMs) throw new Error(`nothing answers on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Sshd {
  port: number;
  user: string;
  password: string;
  /** The client key (PEM) the server accepts for `user`. */
  privateKey: string;
  /** The host key's fingerprint as `ssh-keygen -lf` prints it ("SHA256:…"). */
  hostKey: string;
  /** Restarts the server on the same port with a new host key (as a reinstalled or impostor server would be). */
  replaceHostKey(): Promise<void>;
  stop(): void;
}

/** "SHA256:…" of a public key file, from `ssh-keygen -lf`. */
function fingerprintOfFile(file: string): string {
  const printed = execFileSync("ssh-keygen", ["-lf", file], { encoding: "utf8" });
  const fingerprint = /SHA256:\S+/.exec(printed)?.[0];
  if (!fingerprint) throw new Error(`ssh-keygen -lf printed no fingerprint: ${printed}`);
  return fingerprint;
}

/**
 * Debian's OpenSSH server on a loopback port with a throw-away host key, for a throw-away account (made with
 * useradd, removed by stop(); the suite runs as root) that signs in by password or by a throw-away key.
 */
export async function startSshd(): Promise<Sshd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-sshd-"));
  // sshd reads the authorized keys as the account, which must reach them.
  fs.chmodSync(dir, 0o755);
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", path.join(dir, "host_key")]);
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-m", "PEM", "-f", path.join(dir, "client_key")]);
  fs.copyFileSync(path.join(dir, "client_key.pub"), path.join(dir, "authorized_keys"));
  fs.chmodSync(path.join(dir, "authorized_keys"), 0o644);
  const password = crypto.randomBytes(12).toString("hex");
  const user = `drvsftp${crypto.randomBytes(3).toString("hex")}`;
  execFileSync("useradd", ["-M", "-d", dir, "-s", "/bin/sh", user]);
  execFileSync("chpasswd", [], { input: `${user}:${password}\n` });
  const port = await freePort();
  const config = [
    `Port ${port}`,
    "ListenAddress 127.0.0.1",
    `HostKey ${path.join(dir, "host_key")}`,
    `AuthorizedKeysFile ${path.join(dir, "authorized_keys")}`,
    `PidFile ${path.join(dir, "sshd.pid")}`,
    "PasswordAuthentication yes",
    "KbdInteractiveAuthentication no",
    "UsePAM yes",
    "PermitRootLogin yes",
    "StrictModes no",
    "Subsystem sftp internal-sftp",
    "LogLevel ERROR",
  ].join("\n");
  fs.writeFileSync(path.join(dir, "sshd_config"), `${config}\n`);
  fs.mkdirSync("/run/sshd", { recursive: true });
  const hostKeyFile = path.join(dir, "host_key");
  const run = async () => {
    const started = spawn("/usr/sbin/sshd", ["-D", "-e", "-f", path.join(dir, "sshd_config")], { stdio: "ignore" });
    await portAnswers(port, started);
    return started;
  };
  let child = await run();
  const sshd: Sshd = {
    port,
    user,
    password,
    privateKey: fs.readFileSync(path.join(dir, "client_key"), "utf8"),
    hostKey: fingerprintOfFile(`${hostKeyFile}.pub`),
    async replaceHostKey() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      for (const f of [hostKeyFile, `${hostKeyFile}.pub`]) fs.rmSync(f);
      execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", hostKeyFile]);
      sshd.hostKey = fingerprintOfFile(`${hostKeyFile}.pub`);
      child = await run();
    },
    stop() {
      child.kill("SIGTERM");
      execFileSync("userdel", [user]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return sshd;
}

export interface DavServer {
  url: string;
  user: string;
  password: string;
  stop(): void;
}

/** `rclone serve webdav` over `dir` on a loopback port, with a user and password. */
export async function startRcloneDav(dir: string): Promise<DavServer> {
  const port = await freePort();
  const user = "dav";
  const password = crypto.randomBytes(12).toString("hex");
  const child = spawn(
    "rclone",
    [
      "serve",
      "webdav",
      dir,
      "--addr",
      `127.0.0.1:${port}`,
      "--user",
      user,
      "--pass",
      password,
      "--config",
      "/dev/null",
    ],
    { stdio: "ignore" },
  );
  await portAnswers(port, child);
  return { url: `127.0.0.1:${port}`, user, password, stop: () => child.kill("SIGTERM") };
}
