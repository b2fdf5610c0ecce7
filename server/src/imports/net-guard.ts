import dns from "node:dns";
import net from "node:net";
import os from "node:os";
import ipaddr from "ipaddr.js";
import { badRequest } from "../http/errors.js";

/**
 * No server-side request forgery: a source may only be on a public unicast address, never loopback, RFC 1918,
 * link-local, ULA, carrier-grade NAT, multicast or reserved space, nor one of this machine's own addresses, unless
 * the admin allows private addresses (IMPORT_ALLOW_PRIVATE). Checked on the addresses a name resolves to, at the
 * moment of connecting (so a name that changes its answer between a check and the connection gains nothing), and on
 * every redirect.
 */
export class NetGuard {
  constructor(private readonly allowPrivate: boolean) {}

  /** Why `address` is refused, or undefined when it may be reached. */
  refusal(address: string): string | undefined {
    if (this.allowPrivate) return undefined;
    let ip: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      ip = ipaddr.process(address);
    } catch {
      return `${address} is not an address`;
    }
    const range = ip.range();
    if (range !== "unicast") return `${address} is a ${range} address, which imports may not reach`;
    if (ownAddresses().has(ip.toNormalizedString())) return `${address} is this server's own address`;
    return undefined;
  }

  check(address: string): void {
    const why = this.refusal(address);
    if (why) throw badRequest(`source refused: ${why}`);
  }

  /** Resolves `host` and checks every address it names; returns them. */
  async resolve(host: string): Promise<{ address: string; family: number }[]> {
    const bare = host.replace(/^\[|\]$/g, "");
    if (net.isIP(bare)) {
      this.check(bare);
      return [{ address: bare, family: net.isIP(bare) }];
    }
    let found: dns.LookupAddress[];
    try {
      found = await dns.promises.lookup(bare, { all: true });
    } catch {
      throw badRequest(`source refused: the name ${host} does not resolve`);
    }
    for (const { address } of found) this.check(address);
    return found;
  }

  /** A `lookup` for net/http that refuses forbidden answers (used for every connection a source opens). */
  readonly lookup = ((
    hostname: string,
    options: dns.LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
  ) => {
    this.resolve(hostname).then(
      (found) => {
        if (options.all) return callback(null, found);
        const first = found[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
        callback(null, first.address, first.family);
      },
      (err: Error) => callback(err, ""),
    );
  }) as unknown as net.LookupFunction;
}

let own: { at: number; set: Set<string> } | undefined;

function ownAddresses(): Set<string> {
  if (own && Date.now() - own.at < 60_000) return own.set;
  const set = new Set<string>();
  for (const list of Object.values(os.networkInterfaces()))
    for (const entry of list ?? []) {
      try {
        set.add(ipaddr.process(entry.address.replace(/%.*$/, "")).toNormalizedString());
      } catch {
        // An address Node lists but ipaddr cannot read is not one a source could name either.
      }
    }
  own = { at: Date.now(), set };
  return set;
}
