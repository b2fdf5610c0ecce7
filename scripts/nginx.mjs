// Starts Debian's nginx on loopback ports in front of a drive server, with the configuration the README
// documents (read from README.md, so the documented one is the tested one). No root service: the config,
// pid, logs and temp files live in a temp dir that stop() removes.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const README = path.resolve(import.meta.dirname, "../README.md");
const MARK = "<!-- tested: scripts/nginx.mjs -->";

function nginxBinary() {
  for (const candidate of [process.env.NGINX, "/usr/sbin/nginx", "nginx"]) {
    if (!candidate) continue;
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {}
  }
  throw new Error("nginx is not installed (apt-get install nginx-light, or set NGINX)");
}

/** The README's nginx configuration: the fenced block right after MARK. */
export function documentedConfig() {
  const text = fs.readFileSync(README, "utf8");
  const at = text.indexOf(MARK);
  const block = at < 0 ? null : /```nginx\n([\s\S]*?)```/.exec(text.slice(at));
  if (!block?.[1]) throw new Error(`README.md has no nginx block after ${MARK}`);
  return block[1];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * nginx with two server blocks in front of `upstreamPort`: the README's (X-Forwarded-For/-Host/-Proto) and
 * the same with RFC 7239 `Forwarded` instead (clients' X-Forwarded-* dropped). Resolves once both ports answer.
 * @param {{ upstreamPort: number, timeoutMs?: number }} opts
 * @returns {Promise<{ xForwardedUrl: string, forwardedUrl: string, stop: () => Promise<void> }>}
 */
export async function startNginx({ upstreamPort, timeoutMs = 60_000 }) {
  const binary = nginxBinary();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drive-nginx-"));
  const [xPort, fPort] = [await freePort(), await freePort()];
  const documented = documentedConfig();
  const serverAt = documented.indexOf("server {");
  const shared = documented.slice(0, serverAt);
  const serverBlock = documented.slice(serverAt).replace("127.0.0.1:8080", `127.0.0.1:${upstreamPort}`);
  const xForwarded = serverBlock.replace(/listen 80;/, `listen 127.0.0.1:${xPort};`);
  const forwarded = serverBlock
    .replace(/listen 80;/, `listen 127.0.0.1:${fPort};`)
    .replace(
      /^(\s*)proxy_set_header X-Forwarded-For .*$/m,
      '$1proxy_set_header Forwarded "for=$remote_addr;host=\\"$http_host\\";proto=$scheme";\n$1proxy_set_header X-Forwarded-For "";',
    )
    .replace(/^(\s*)proxy_set_header X-Forwarded-Host .*$/m, '$1proxy_set_header X-Forwarded-Host "";')
    .replace(/^(\s*)proxy_set_header X-Forwarded-Proto .*$/m, '$1proxy_set_header X-Forwarded-Proto "";');
  const temp = (name) => path.join(dir, name);
  const conf = `daemon off;
worker_processes 1;
pid ${temp("nginx.pid")};
error_log ${temp("error.log")} warn;
${process.getuid?.() === 0 ? "user root;" : ""}
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${temp("client")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
${shared}
${xForwarded}
${forwarded}
}
`;
  fs.writeFileSync(temp("nginx.conf"), conf);
  const child = spawn(binary, ["-e", temp("error.log"), "-p", dir, "-c", temp("nginx.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGQUIT");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!((await answers(xPort)) && (await answers(fPort)))) {
    const log = fs.existsSync(temp("error.log")) ? fs.readFileSync(temp("error.log"), "utf8") : "";
    if (child.exitCode !== null || Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`nginx did not start:\n${output}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { xForwardedUrl: `http://127.0.0.1:${xPort}`, forwardedUrl: `http://127.0.0.1:${fPort}`, stop };
}
