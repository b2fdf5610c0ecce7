// Import throughput (issue 24): one large file brought into the drive by an import job from each kind of source (a
// Node HTTP server, `rclone serve webdav`, Debian's OpenSSH server), as a ratio of `rclone copy` from the same source
// to a local folder in the same run. Both read the same bytes over loopback; the import also stores them as parts
// (64 MiB each, the default) and records them in the database, so 1.0 would mean the import costs nothing extra.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startDriveServer } from "../../e2e/lib/server.js";
import { makeTree, serveFiles, startRcloneDav, startSshd } from "../../server/test/import-sources.js";
import { mbps, signIn } from "./throughput.js";

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_IMPORT_MB ?? 256) * MiB;

interface Source {
  name: string;
  /** The import's `source`. */
  source: string;
  /** `rclone copy` arguments that copy the same file into the folder given last. */
  rclone: string[];
}

/** Async: the HTTP source is served by this very process. */
async function timeRclone(args: string[], dest: string): Promise<number> {
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(dest, { recursive: true });
  const started = performance.now();
  const child = spawn("rclone", [...args, dest, "--config", "/dev/null", "-q"], { stdio: "inherit" });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`rclone ${args.join(" ")} failed`);
  const ms = performance.now() - started;
  const got = fs.statSync(path.join(dest, "big.bin")).size;
  if (got !== SIZE) throw new Error(`rclone copied ${got} bytes, not ${SIZE}`);
  return ms;
}

export async function runImportThroughputBench(): Promise<Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-import-bench-"));
  const src = path.join(dir, "src");
  fs.mkdirSync(src);
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(src, 0o755);
  makeTree(src, { "big.bin": SIZE });
  fs.chmodSync(path.join(src, "big.bin"), 0o644);
  const dataDir = path.join(dir, "data");
  fs.mkdirSync(dataDir);
  const [server, http, dav, sshd] = await Promise.all([
    startDriveServer({ dataDir }),
    serveFiles(src),
    startRcloneDav(src),
    startSshd(),
  ]);
  const keyFile = path.join(dir, "client_key");
  fs.writeFileSync(keyFile, sshd.privateKey, { mode: 0o600 });
  const obscured = execFileSync("rclone", ["obscure", dav.password]).toString().trim();
  const sources: Source[] = [
    { name: "HTTP", source: `${http.url}/big.bin`, rclone: ["copy", "--http-url", `${http.url}/`, ":http:big.bin"] },
    {
      name: "WebDAV",
      source: `dav://${dav.user}:${dav.password}@${dav.url}/`,
      rclone: [
        "copy",
        "--webdav-url",
        `http://${dav.url}/`,
        "--webdav-user",
        dav.user,
        "--webdav-pass",
        obscured,
        ":webdav:",
      ],
    },
    {
      name: "SFTP",
      source: `sftp://${sshd.user}@127.0.0.1:${sshd.port}${src}?privateKey=${encodeURIComponent(sshd.privateKey)}`,
      rclone: [
        "copy",
        "--sftp-host",
        "127.0.0.1",
        "--sftp-port",
        String(sshd.port),
        "--sftp-user",
        sshd.user,
        "--sftp-key-file",
        keyFile,
        `:sftp:${src}`,
      ],
    },
  ];
  const out: Record<string, string> = {};
  try {
    const { cookie } = await signIn(server);
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${server.baseURL}/api${url}`, {
        method,
        headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ id: number; state: string; errors?: { message: string }[] }>;
    };
    for (const [i, s] of sources.entries()) {
      const rcloneMs = await timeRclone(s.rclone, path.join(dir, "rclone-out"));
      console.error(`import bench: ${s.name}: rclone copy ${Math.round(rcloneMs)} ms`);
      const started = performance.now();
      const job = await api("POST", "/jobs", {
        kind: "sync.run",
        args: { source: s.source, destinationDir: `/bench-${i}` },
      });
      for (;;) {
        const now = await api("GET", `/jobs/${job.id}`);
        if (now.state === "completed") break;
        if (now.state === "discarded" || now.state === "retryable")
          throw new Error(`${s.name} import failed: ${now.errors?.at(-1)?.message}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const importMs = performance.now() - started;
      out[`${s.name}: import / rclone copy (${SIZE / MiB} MiB)`] =
        `${(rcloneMs / importMs).toFixed(2)} (${mbps(SIZE, importMs).toFixed(0)} MB/s vs ${mbps(SIZE, rcloneMs).toFixed(0)} MB/s)`;
    }
  } finally {
    await server.stop();
    await http.close();
    dav.stop();
    sshd.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) console.log(await runImportThroughputBench());
