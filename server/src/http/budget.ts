import net from "node:net";

/**
 * What each requester spent of something costly (CPU time, checks) in a sliding window. A requester whose spending
 * in the window reached `limit` waits until enough of it is older than the window. Kept per server instance: it
 * protects this instance's CPU and database turns, not an account.
 */
export class Budget {
  private readonly spent = new Map<string, { at: number; amount: number }[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxRequesters = 50_000,
  ) {}

  /** The key's spends still in the window (the stored list, trimmed); empty and forgotten when none is. */
  private recent(key: string, now: number): { at: number; amount: number }[] {
    const all = this.spent.get(key);
    if (!all) return [];
    const start = all.findIndex((s) => s.at > now - this.windowMs);
    if (start < 0) {
      this.spent.delete(key);
      return [];
    }
    if (start > 0) all.splice(0, start);
    return all;
  }

  /** Seconds until `key` may spend again; 0 when it may now. */
  wait(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    let total = recent.reduce((sum, s) => sum + s.amount, 0);
    if (total < this.limit) return 0;
    for (const s of recent) {
      total -= s.amount;
      if (total < this.limit) return Math.max(1, Math.ceil((s.at + this.windowMs - now) / 1000));
    }
    return 1;
  }

  spend(key: string, amount: number, now = Date.now()): void {
    const recent = this.recent(key, now);
    if (recent.length === 0) {
      // Forget the requester seen longest ago rather than grow without end.
      if (this.spent.size >= this.maxRequesters) {
        const oldest = this.spent.keys().next().value;
        if (oldest !== undefined) this.spent.delete(oldest);
      }
      this.spent.set(key, recent);
    }
    recent.push({ at: now, amount });
  }
}

/** The 16 bytes of an IPv6 address as 8 hex groups, or undefined when `address` is not IPv6. */
function ipv6Groups(address: string): string[] | undefined {
  if (net.isIPv6(address) === false) return undefined;
  const [head = "", tail] = address.split("::");
  const part = (s: string) => (s ? s.split(":") : []);
  let groups = [...part(head), ...(tail === undefined ? [] : part(tail))];
  // An embedded IPv4 tail ("::ffff:1.2.3.4") is two groups.
  const last = groups[groups.length - 1] ?? "";
  if (last.includes(".")) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split(".").map(Number);
    groups = [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  }
  if (tail !== undefined) {
    const missing = 8 - groups.length;
    const before = part(head).length;
    groups = [...groups.slice(0, before), ...Array(missing).fill("0"), ...groups.slice(before)];
  }
  return groups.map((g) => g.toLowerCase().padStart(4, "0"));
}

/**
 * Who a request counts as for a budget: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4), an IPv6
 * address by its /64 network, since one subscriber is commonly given a whole /64 and could rotate within it.
 */
export function requesterOf(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 6).join(":") === "0000:0000:0000:0000:0000:ffff")
    return [Number.parseInt(groups[6] ?? "0", 16), Number.parseInt(groups[7] ?? "0", 16)]
      .flatMap((n) => [n >> 8, n & 0xff])
      .join(".");
  return `${groups.slice(0, 4).join(":")}::/64`;
}
