/** Who waits for the one PGlite connection: requests, or background work (maintenance, jobs). */
export type Lane = "request" | "background";

/** Background work that has waited this long goes next even while requests keep coming. */
const BACKGROUND_MAX_WAIT_MS = 2_000;

interface Waiter {
  grant: () => void;
  since: number;
}

/**
 * Turns on a single connection. Requests are served first come, first served, so a request waits at most for
 * the statements queued before it; background work runs when no request is waiting, or once it has waited
 * BACKGROUND_MAX_WAIT_MS, so a busy server still vacuums and reclaims.
 */
export class Turns {
  private busy = false;
  private readonly request: Waiter[] = [];
  private readonly background: Waiter[] = [];

  acquire(lane: Lane): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((grant) => (lane === "request" ? this.request : this.background).push({ grant, since: now() }));
  }

  release(): void {
    const oldBackground = this.background[0];
    const next =
      oldBackground && now() - oldBackground.since >= BACKGROUND_MAX_WAIT_MS
        ? this.background.shift()
        : (this.request.shift() ?? this.background.shift());
    if (next) next.grant();
    else this.busy = false;
  }

  /** Statements waiting, by lane (for tests and diagnostics). */
  waiting(): { request: number; background: number } {
    return { request: this.request.length, background: this.background.length };
  }
}

const now = () => performance.now();
