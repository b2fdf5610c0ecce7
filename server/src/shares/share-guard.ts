import { AttemptLimiter } from "./attempt-limiter.js";

const ADDRESS_MAX = 5;
const ADDRESS_WINDOW_MS = 10 * 60 * 1000;
/** Wrong passwords a share takes from all addresses together per hour before each further one waits. */
const SHARE_FREE = 20;
const SHARE_WINDOW_MS = 60 * 60 * 1000;
const BACKOFF_MAX_MS = 5 * 60 * 1000;
const MAX_KEYS = 100_000;

/** Remembers up to MAX_KEYS entries, forgetting the longest unused first (Map keeps insertion order). */
function remember<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_KEYS) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

/**
 * Limits password guessing on protected shares:
 * - per share and client address: 5 wrong passwords per 10 minutes, then that address waits;
 * - per share over all addresses: after 20 wrong passwords in an hour, every further check of the share waits
 *   a back-off that doubles with each wrong password (1 s, 2 s, 4 s ... at most 5 minutes), so rotating
 *   addresses buys little;
 * - an address that gave the right password in the last hour skips the share-wide back-off (its own
 *   per-address limit still holds), so a visitor already watching keeps watching during someone else's attack.
 * The address is the real client's when TRUST_PROXY names the reverse proxy (`req.ip`).
 */
export class ShareGuard {
  private readonly byAddress = new AttemptLimiter(ADDRESS_MAX, ADDRESS_WINDOW_MS);
  private readonly shareFailures = new Map<string, number[]>();
  private readonly knownGood = new Map<string, number>();

  /** Seconds until this address may try a password on the share; 0 when it may now. */
  retryAfter(share: { id: string; password: string }, address: string): number {
    const own = this.byAddress.retryAfter(`${share.id}|${address}`);
    if (own > 0) return own;
    if ((this.knownGood.get(this.goodKey(share, address)) ?? 0) > Date.now()) return 0;
    return Math.ceil(this.shareBackoffMs(share.id) / 1000);
  }

  failed(share: { id: string }, address: string) {
    this.byAddress.record(`${share.id}|${address}`);
    const now = Date.now();
    const recent = (this.shareFailures.get(share.id) ?? []).filter((t) => t > now - SHARE_WINDOW_MS);
    // Only the newest failures matter for the back-off; keep enough to reach its cap.
    remember(this.shareFailures, share.id, [...recent, now].slice(-(SHARE_FREE + 20)));
  }

  succeeded(share: { id: string; password: string }, address: string) {
    this.byAddress.reset(`${share.id}|${address}`);
    remember(this.knownGood, this.goodKey(share, address), Date.now() + SHARE_WINDOW_MS);
  }

  /** Keyed by the stored hash too, so changing the share's password forgets who knew the old one. */
  private goodKey(share: { id: string; password: string }, address: string) {
    return `${share.id}|${address}|${share.password}`;
  }

  private shareBackoffMs(shareId: string): number {
    const now = Date.now();
    const recent = (this.shareFailures.get(shareId) ?? []).filter((t) => t > now - SHARE_WINDOW_MS);
    const last = recent.at(-1);
    if (recent.length < SHARE_FREE || last === undefined) return 0;
    const delay = Math.min(1000 * 2 ** (recent.length - SHARE_FREE), BACKOFF_MAX_MS);
    return Math.max(0, last + delay - now);
  }
}
