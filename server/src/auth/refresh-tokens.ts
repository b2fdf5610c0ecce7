import { DEFAULT_TOKEN_LIFETIMES } from "../config.js";
import type { DbHandle, Queryable } from "../db/index.js";
import { newSecret, REFRESH_TTL_SECONDS, sha256 } from "./session.js";

/** How long the access token a refresh replaced keeps working, for requests already sent with it. */
export const REPLACED_TOKEN_GRACE_MS = 60_000;

export type RefreshResult =
  | { result: "ok"; token: string; refreshToken: string }
  | { result: "unknown" | "expired" | "reused" };

/**
 * Exchanges a refresh token for a new access token and a new refresh token (rotation). Each refresh token works
 * once: the exchange replaces it in one statement, so of two requests presenting it at once one wins. A token
 * presented after its exchange means it has two holders (the rightful client and whoever copied it, in some order):
 * the session ends, so neither keeps it, and its owner signs in again.
 */
export async function rotateRefreshToken(
  db: DbHandle,
  refreshToken: string,
  lifetimes = DEFAULT_TOKEN_LIFETIMES,
): Promise<RefreshResult> {
  const old = sha256(refreshToken);
  return db.tx(async (q): Promise<RefreshResult> => {
    const now = Date.now();
    const token = newSecret();
    const next = newSecret();
    // The right-hand `token_hash` is the row's value before this update: the token being replaced.
    const [rotated] = await q.query<{ hash: string }>(
      `UPDATE sessions SET token_hash = $2, prev_token_hash = token_hash, prev_token_until = $3, expires_at = $4,
         refresh_digest = $5, refresh_expires_at = $6
       WHERE refresh_digest = $1 AND refresh_expires_at > $7
       RETURNING hash`,
      [
        old,
        sha256(token),
        new Date(now + REPLACED_TOKEN_GRACE_MS),
        new Date(now + lifetimes.accessSeconds * 1000),
        sha256(next),
        new Date(now + lifetimes.refreshSeconds * 1000),
        new Date(now),
      ],
    );
    if (rotated) {
      await q.query("INSERT INTO used_refresh_tokens (digest, session_hash, used_at) VALUES ($1, $2, $3)", [
        old,
        rotated.hash,
        new Date(now),
      ]);
      return { result: "ok", token, refreshToken: next };
    }
    if ((await q.query("SELECT 1 FROM sessions WHERE refresh_digest = $1", [old])).length > 0)
      return { result: "expired" };
    const [used] = await q.query<{ session_hash: string }>(
      "SELECT session_hash FROM used_refresh_tokens WHERE digest = $1",
      [old],
    );
    if (!used) return { result: "unknown" };
    // Its used tokens go with it (ON DELETE CASCADE): presented again, they are unknown.
    await q.query("DELETE FROM sessions WHERE hash = $1", [used.session_hash]);
    return { result: "reused" };
  });
}

/** Forgets exchanged refresh tokens older than any refresh token can live by default (the sign-in clean-up job). */
export async function pruneUsedRefreshTokens(q: Queryable): Promise<void> {
  await q.query("DELETE FROM used_refresh_tokens WHERE used_at < $1", [
    new Date(Date.now() - REFRESH_TTL_SECONDS * 1000),
  ]);
}
