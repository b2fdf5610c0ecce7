import crypto from "node:crypto";
import type { SignInLimits } from "../config.js";
import type { DbHandle, Queryable } from "../db/index.js";
import { type AuthUser, newSecret, SESSION_TTL_SECONDS, sha256 } from "./session.js";
import { ADDRESS_WRONG_WINDOW_MS } from "./sign-in-state.js";

/**
 * API keys (Teldrive main's `/users/api-keys`, docs/api.md "API keys"): long-lived credentials for rclone and
 * scripts, sent as `X-Api-Key` (or, for WebDAV, as a Basic password). A key is 256 random bits behind Teldrive's
 * `tdk_` prefix; only its SHA-256 is stored (a slow hash guards guessable secrets, and these are not guessable).
 * Every request looks its key up in the database, so a revocation holds on every instance at once.
 */

export const API_KEY_PREFIX = "tdk_";
/** Keys one user may hold (not revoked) at once. */
export const MAX_KEYS_PER_USER = 100;
/** `lastUsedAt` moves at most this often per key, so a busy script does not write on every request. */
export const LAST_USED_STEP_MS = 60_000;
/** A revoked or expired key is still told apart from a guess for this long, then forgotten (the clean-up job). */
export const KEEP_ENDED_KEYS_MS = 30 * 24 * 60 * 60 * 1000;
/** Longer values are not keys: refused unread (and counted as wrong). */
const MAX_KEY_LENGTH = 128;

export interface ApiKey {
  id: string;
  name: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

interface KeyRow {
  id: string;
  name: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}

const toKey = (r: KeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  lastUsedAt: r.last_used_at,
});

/** The user's keys that are not revoked (expired ones included, so the list says they expired), newest first. */
export async function listApiKeys(q: Queryable, userId: number): Promise<ApiKey[]> {
  const rows = await q.query<KeyRow>(
    `SELECT id, name, created_at, expires_at, last_used_at FROM api_keys
     WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows.map(toKey);
}

/** A new key of `userId`; the key itself is in the answer only. Null when the user holds MAX_KEYS_PER_USER. */
export async function createApiKey(
  db: DbHandle,
  userId: number,
  opts: { name: string; expiresAt: Date | null },
): Promise<{ apiKey: ApiKey; key: string } | null> {
  const key = API_KEY_PREFIX + newSecret();
  return db.tx(async (q) => {
    // One creation at a time per user, so two at once cannot both pass the count.
    await q.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7030))", [String(userId)]);
    const [held] = await q.query<{ n: number }>(
      "SELECT count(*) AS n FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL",
      [userId],
    );
    if ((held?.n ?? 0) >= MAX_KEYS_PER_USER) return null;
    const [row] = await q.query<KeyRow>(
      `INSERT INTO api_keys (id, user_id, name, digest, expires_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING id, name, created_at, expires_at, last_used_at`,
      [crypto.randomUUID(), userId, opts.name, sha256(key), opts.expiresAt],
    );
    if (!row) throw new Error("INSERT … RETURNING gave no row");
    return { apiKey: toKey(row), key };
  });
}

/** Revokes a key of `userId`; false when it has no such key (or it was revoked already). */
export async function revokeApiKey(q: Queryable, userId: number, id: string): Promise<boolean> {
  const rows = await q.query(
    "UPDATE api_keys SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id",
    [id, userId, new Date()],
  );
  return rows.length > 0;
}

export type KeyCheck =
  | { result: "ok"; user: AuthUser }
  | { result: "unknown" | "revoked" | "expired" | "address limit" };

interface KeyUserRow {
  id: string;
  user_id: number;
  user_name: string;
  name: string;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/**
 * Who a key signs in, if anyone. A key that is not one (never issued, or forgotten since) is a wrong guess: it
 * counts against the requester's budget of wrong sign-in codes (auth/sign-in-state.ts), and once that is used up
 * no unknown key from the requester is looked at for the rest of the day. Known keys, even revoked or expired
 * ones, are answered as such and never counted: a forgotten script should not lock its owner's address out of
 * signing in. A right key always works (256 random bits: the budget only keeps scanners from trying on).
 */
export async function checkApiKey(
  db: DbHandle,
  key: string,
  requester: string,
  limits: SignInLimits,
): Promise<KeyCheck> {
  const now = Date.now();
  const [row] =
    key.length <= MAX_KEY_LENGTH
      ? await db.query<KeyUserRow>(
          `SELECT k.id, k.user_id, k.expires_at, k.last_used_at, k.revoked_at, u.user_name, u.name
           FROM api_keys k JOIN users u USING (user_id) WHERE k.digest = $1`,
          [sha256(key)],
        )
      : [];
  if (!row) return (await countWrongKey(db, requester, limits)) ? { result: "unknown" } : { result: "address limit" };
  if (row.revoked_at) return { result: "revoked" };
  if (row.expires_at && row.expires_at.getTime() <= now) return { result: "expired" };
  if (!row.last_used_at || row.last_used_at.getTime() <= now - LAST_USED_STEP_MS)
    // Conditional, so instances answering the same key at once write once.
    await db.query(
      "UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $3)",
      [row.id, new Date(now), new Date(now - LAST_USED_STEP_MS)],
    );
  return {
    result: "ok",
    user: {
      userId: row.user_id,
      userName: row.user_name,
      name: row.name,
      hash: "",
      sessionId: row.id,
      // A key without an expiry answers `GET /auth/session` as a session would (that field is required).
      expiresAt: row.expires_at ?? new Date(now + SESSION_TTL_SECONDS * 1000),
      apiKeyId: row.id,
    },
  };
}

/**
 * Records a wrong key against the requester's budget of wrong codes; false (nothing recorded) when the budget is
 * used up. Checked without a lock first, so a flood from one address past its budget takes no lock at all.
 */
async function countWrongKey(db: DbHandle, requester: string, limits: SignInLimits): Promise<boolean> {
  const count = async (q: Queryable) => {
    const [mine] = await q.query<{ n: number }>(
      "SELECT count(*) AS n FROM sign_in_failures WHERE address = $1 AND at > $2",
      [requester, new Date(Date.now() - ADDRESS_WRONG_WINDOW_MS)],
    );
    return mine?.n ?? 0;
  };
  if ((await count(db)) >= limits.wrongCodesPerAddressPerDay) return false;
  return db.tx(async (q) => {
    // The lock code checks take (sign-in-state.ts checkCode), so wrong keys and wrong codes share one exact budget.
    await q.query("SELECT pg_advisory_xact_lock(7011)");
    if ((await count(q)) >= limits.wrongCodesPerAddressPerDay) return false;
    await q.query("INSERT INTO sign_in_failures (address, at) VALUES ($1, $2)", [requester, new Date()]);
    return true;
  });
}

/**
 * HTTP Basic credentials with an API key as the password, for WebDAV clients (which can send nothing else): the
 * user name is not checked (the key says whose drive it is), so any name the client insists on works. Null when
 * the header is not Basic; otherwise the same answers as `checkApiKey`, with the same budget of wrong keys.
 */
export async function checkBasicApiKey(
  db: DbHandle,
  authorization: string | undefined,
  requester: string,
  limits: SignInLimits,
): Promise<KeyCheck | null> {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return checkApiKey(db, decoded.slice(colon + 1), requester, limits);
}

/** Forgets keys revoked or expired longer than KEEP_ENDED_KEYS_MS ago (the sign-in clean-up job). */
export async function pruneApiKeys(q: Queryable): Promise<void> {
  const before = new Date(Date.now() - KEEP_ENDED_KEYS_MS);
  await q.query("DELETE FROM api_keys WHERE revoked_at < $1 OR expires_at < $1", [before]);
}
