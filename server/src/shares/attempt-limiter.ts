/**
 * Counts attempts per key (e.g. wrong passwords per share and client address) in a sliding window. Once `max`
 * attempts fall inside the window the key is locked until the oldest of them leaves it; a locked key is refused
 * before anything is checked, so guessing stays at `max` tries per window.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max = 5,
    private readonly windowMs = 10 * 60 * 1000,
    private readonly maxKeys = 100_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Seconds until the key may try again; 0 when it may now. */
  retryAfter(key: string): number {
    const now = Date.now();
    const list = this.recent(key, now);
    if (list.length < this.max) return 0;
    const oldest = list[list.length - this.max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  record(key: string) {
    const now = Date.now();
    const list = [...this.recent(key, now), now].slice(-this.max);
    // Bounded memory: forget the longest-idle key first (Map keeps insertion order; re-insert to refresh).
    this.failures.delete(key);
    this.failures.set(key, list);
    if (this.failures.size > this.maxKeys) {
      const idle = this.failures.keys().next().value;
      if (idle !== undefined) this.failures.delete(idle);
    }
  }

  reset(key: string) {
    this.failures.delete(key);
  }
}
