import net from "node:net";
import SftpClient from "ssh2-sftp-client";
import { HttpError } from "../../http/errors.js";
import type { SourceEntry } from "../filters.js";
import type { NetGuard } from "../net-guard.js";
import { fingerprintOf, type KnownHosts, pinnedHostKey } from "./known-hosts.js";
import type { Source } from "./source.js";

const MAX_ENTRIES = 1_000_000;

/**
 * An SFTP folder: `sftp://user:password@host:port/path`, or `?privateKey=<PEM>` (and `&passphrase=`) for a key.
 * The connection is made to an address the guard checked, then handed to ssh2. The server's host key must be the one
 * the user trusts for that host and port (known-hosts.ts): the source's `?hostKey=SHA256:…`, else the one seen first.
 */
export async function sftpSource(guard: NetGuard, url: URL, knownHosts: KnownHosts): Promise<Source> {
  const pinned = pinnedHostKey(url);
  const [first] = await guard.resolve(url.hostname);
  if (!first) throw new HttpError(400, `${url.hostname} has no address`);
  const port = Number(url.port || 22);
  const sock = await new Promise<net.Socket>((resolve, reject) => {
    const s = net.connect({ host: first.address, port, timeout: 20_000 });
    s.once("connect", () => {
      s.setTimeout(0);
      resolve(s);
    });
    s.once("timeout", () => s.destroy(new Error(`${url.host} did not answer`)));
    s.once("error", (err) => reject(new HttpError(400, `cannot reach ${url.host}: ${err.message}`)));
  });
  const client = new SftpClient();
  const privateKey = url.searchParams.get("privateKey") ?? undefined;
  // Why the host key was refused, when it was: ssh2 itself only says that verification failed.
  let refusal: unknown;
  try {
    await client.connect({
      sock,
      hostVerifier: (key: Buffer, verify: (valid: boolean) => void) => {
        knownHosts.check(url.hostname, port, fingerprintOf(key), pinned).then(
          () => verify(true),
          (err: unknown) => {
            refusal = err;
            verify(false);
          },
        );
      },
      username: decodeURIComponent(url.username),
      ...(privateKey
        ? { privateKey, passphrase: url.searchParams.get("passphrase") ?? undefined }
        : { password: decodeURIComponent(url.password) }),
      readyTimeout: 20_000,
    });
  } catch (err) {
    sock.destroy();
    if (refusal) throw refusal;
    const message = err instanceof Error ? err.message : String(err);
    if (/authentication/i.test(message))
      throw new HttpError(400, `the SFTP server refused the user name, password or key`);
    throw new HttpError(400, `SFTP connection to ${url.host} failed: ${message}`);
  }
  const root = decodeURIComponent(url.pathname) || "/";
  return {
    async list() {
      const out: SourceEntry[] = [];
      const walk = async (rel: string) => {
        for (const e of await client.list(rel ? `${root}/${rel}` : root)) {
          const child = rel ? `${rel}/${e.name}` : e.name;
          if (e.type === "d") await walk(child);
          else if (e.type === "-") out.push({ path: child, size: e.size, modified: new Date(e.modifyTime) });
          if (out.length > MAX_ENTRIES) throw new Error(`the source holds more than ${MAX_ENTRIES} files`);
        }
      };
      await walk("");
      return out;
    },
    async open(entry, start, signal) {
      const stream = client.createReadStream(`${root}/${entry.path}`, { start, autoClose: true });
      signal.addEventListener("abort", () => stream.destroy(new Error("cancelled")), { once: true });
      return { stream, start };
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}
