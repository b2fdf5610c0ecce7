import type { DbHandle, Queryable } from "../db/index.js";

const ADDRESS_MAX = 5;
const ADDRESS_WINDOW_MS = 10 * 60 * 1000;
/** Wrong passwords a share takes from all addresses together per hour before each further one waits. */
const SHARE_FREE = 20;
const SHARE_WINDOW_MS = 60 * 60 * 1000;
const BACKOFF_MAX_MS = 5 * 60 * 1000;

export interface ProtectedShare {
  id: string;
  /** The stored password hash. */
  password: string;
}

/** What the database holds about one share and address at a moment (times in ms). */
export interface GuardState {
  /** This address's wrong passwords on the share in the last 10 minutes, newest first, at most ADDRESS_MAX. */
  own: number[];
  /** Until when this address counts as knowing the share's current password; 0 when it does not. */
  knownUntil: number;
  /** Wrong passwords on the share from all addresses in the last hour, and the newest of them. */
  shareFailures: number;
  lastFailure: number;
}

/** Seconds until the address may try a password on the share (0: now), by the rules of ShareGuard. */
export function secondsToWait(state: GuardState, now: number): number {
  const oldest = state.own[ADDRESS_MAX - 1];
  if (oldest !== undefined) {
    const own = Math.ceil((oldest + ADDRESS_WINDOW_MS - now) / 1000);
    if (own > 0) return own;
  }
  if (state.knownUntil > now || state.shareFailures < SHARE_FREE) return 0;
  const delay = Math.min(1000 * 2 ** (state.shareFailures - SHARE_FREE), BACKOFF_MAX_MS);
  return Math.max(0, Math.ceil((state.lastFailure + delay - now) / 1000));
}

/**
 * Limits password guessing on protected shares, over every server instance (the counts are in the database). File
 * requests use it too, keyed by the request's id (random UUIDs both, so a share and a request never share counts):
 * - per share and client address: 5 wrong passwords per 10 minutes, then that address waits;
 * - per share over all addresses: after 20 wrong passwords in an hour, every further check of the share waits
 *   a back-off that doubles with each wrong password (1 s, 2 s, 4 s ... at most 5 minutes), so rotating
 *   addresses buys little;
 * - an address that gave the right password in the last hour skips the share-wide back-off (its own
 *   per-address limit still holds), so a visitor already watching keeps watching during someone else's attack.
 * A check is counted as wrong before the password is compared and taken back when it was right, so checks arriving
 * at several instances at once cannot pass the limits together. The address is the real client's when TRUST_PROXY
 * names the reverse proxy (`req.ip`).
 */
export class ShareGuard {
  constructor(private readonly db: DbHandle) {}

  private async state(q: Queryable, share: ProtectedShare, address: string, now: number): Promise<GuardState> {
    const [row] = await q.query<{ own: Date[] | null; known_until: Date | null; n: number; last: Date | null }>(
      `SELECT
         (SELECT array_agg(at ORDER BY at DESC) FROM (
            SELECT at FROM share_password_failures WHERE share_id = $1 AND address = $2 AND at > $3
            ORDER BY at DESC LIMIT ${ADDRESS_MAX}) own) AS own,
         (SELECT until FROM share_password_passes WHERE share_id = $1 AND address = $2 AND password_hash = $4)
           AS known_until,
         count(*) AS n, max(at) AS last
       FROM share_password_failures WHERE share_id = $1 AND at > $5`,
      [share.id, address, new Date(now - ADDRESS_WINDOW_MS), share.password, new Date(now - SHARE_WINDOW_MS)],
    );
    return {
      own: (row?.own ?? []).map((d) => new Date(d).getTime()),
      knownUntil: row?.known_until?.getTime() ?? 0,
      shareFailures: row?.n ?? 0,
      lastFailure: row?.last?.getTime() ?? 0,
    };
  }

  /**
   * For a password this instance already found right a moment ago (no new guess): the seconds the address must
   * wait, or 0, recording the address as knowing the password when it was not yet.
   */
  async recheck(share: ProtectedShare, address: string): Promise<number> {
    const now = Date.now();
    const state = await this.state(this.db, share, address, now);
    const wait = secondsToWait(state, now);
    if (wait === 0 && state.knownUntil <= now) await this.succeeded(share, address);
    return wait;
  }

  /**
   * Starts a password check: the seconds the address must wait, or 0 after recording the check as a wrong password
   * (which `succeeded` takes back). Checks of one share take turns here, so each sees the ones before it.
   */
  async begin(share: ProtectedShare, address: string): Promise<number> {
    return this.db.tx(async (q) => {
      await q.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7011))", [share.id]);
      const now = Date.now();
      const wait = secondsToWait(await this.state(q, share, address, now), now);
      if (wait === 0)
        await q.query("INSERT INTO share_password_failures (share_id, address, at) VALUES ($1, $2, $3)", [
          share.id,
          address,
          new Date(now),
        ]);
      return wait;
    });
  }

  /** The password was right: the address's wrong ones (this check's too) are forgotten, and it knows this password for an hour. */
  async succeeded(share: ProtectedShare, address: string): Promise<void> {
    await this.db.tx(async (q) => {
      await q.query("DELETE FROM share_password_failures WHERE share_id = $1 AND address = $2", [share.id, address]);
      await q.query(
        `INSERT INTO share_password_passes (share_id, address, password_hash, until) VALUES ($1, $2, $3, $4)
         ON CONFLICT (share_id, address) DO UPDATE SET password_hash = EXCLUDED.password_hash, until = EXCLUDED.until`,
        [share.id, address, share.password, new Date(Date.now() + SHARE_WINDOW_MS)],
      );
    });
  }
}

/** Removes failures and passes no check looks at any more (the "expire-share-attempts" job, shares/jobs.ts). */
export async function pruneShareAttempts(q: Queryable): Promise<void> {
  const now = Date.now();
  await q.query("DELETE FROM share_password_failures WHERE at < $1", [new Date(now - SHARE_WINDOW_MS)]);
  await q.query("DELETE FROM share_password_passes WHERE until < $1", [new Date(now)]);
}
