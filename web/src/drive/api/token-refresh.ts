import { API_BASE, setUnauthorizedRecovery } from "./api-client";

/**
 * API-B's access token is short-lived (a cookie; Teldrive main's lasts 30 days, a server may choose minutes); the
 * `refresh_token` cookie gets a new one and is itself replaced on each use (a used one is refused). Here:
 * - one refresh in flight, shared by every caller (`refresh()`);
 * - a 401 to a request sent before the last refresh finished is retried without another refresh (`recover()`);
 * - tabs take turns (Web Locks), and a tab that waited behind another's refresh does not refresh again, since it
 *   would send a refresh token the other tab has just used up.
 */
export class TokenRefresher {
  private inFlight: Promise<boolean> | undefined;
  private epochValue = 0;

  /** `run` answers true when the server gave new tokens, false when it refused (signed out); throws when unreachable. */
  constructor(private readonly run: () => Promise<boolean>) {}

  /** Bumped by every successful refresh: a request remembers the epoch it was sent in. */
  epoch(): number {
    return this.epochValue;
  }

  refresh(): Promise<boolean> {
    if (!this.inFlight) {
      this.inFlight = this.run()
        .then((ok) => {
          if (ok) this.epochValue++;
          return ok;
        })
        .finally(() => {
          this.inFlight = undefined;
        });
    }
    return this.inFlight;
  }

  /** After a 401 to a request sent in `sentEpoch`: true when sending it again may work. */
  async recover(sentEpoch: number): Promise<boolean> {
    if (sentEpoch !== this.epochValue) return true;
    return this.refresh();
  }
}

const LAST_REFRESH_KEY = "auth-refreshed-at";
/** A refresh by another tab this recent, finished after this tab asked for one, stands for this tab's too. */
const SHARED_WINDOW_MS = 30_000;

function lastRefreshByAnyTab(): number {
  try {
    return Number(localStorage.getItem(LAST_REFRESH_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** `POST /auth/refresh` with the `refresh_token` cookie, one tab at a time. */
export async function refreshTokens(): Promise<boolean> {
  const askedAt = Date.now();
  const send = async (): Promise<boolean> => {
    const last = lastRefreshByAnyTab();
    if (last >= askedAt && Date.now() - last < SHARED_WINDOW_MS) return true;
    const res = await fetch(`${API_BASE}/auth/refresh`, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(30_000),
    });
    await res.body?.cancel();
    if (res.ok) {
      try {
        localStorage.setItem(LAST_REFRESH_KEY, String(Date.now()));
      } catch {
        // Private mode without storage: this tab still has its new cookie.
      }
      return true;
    }
    if (res.status >= 400 && res.status < 500) return false;
    throw new Error(`The server answered ${res.status} to a token refresh`);
  };
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request("drive-auth-refresh", send) : send();
}

/** The one refresher of this tab. */
export const tokenRefresher = new TokenRefresher(refreshTokens);

/** On API-B: a 401 first tries one refresh, then the request once more (drive/api/api-client.ts). */
export function enableTokenRefresh(): void {
  setUnauthorizedRecovery(tokenRefresher);
}
