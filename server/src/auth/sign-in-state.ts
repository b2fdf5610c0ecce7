import crypto from "node:crypto";
import type { DbHandle, Queryable } from "../db/index.js";

/**
 * The sign-in state every server instance shares, in the database (migration 4): the codes sent and the guesses
 * made at them, the code requests per number and address, and the sessions handed out but not yet redeemed.
 * Times come from this process's clock (instances behind one address keep their clocks in step, as any cluster
 * does), so a code's five minutes are the same wherever it is checked.
 */

export const CODE_TTL_MS = 5 * 60 * 1000;
/** How long a right code on an account with a password waits for that password. */
export const PASSWORD_STAGE_TTL_MS = 15 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
/** How long the `session` handed out on success may be exchanged at `POST /auth/login`. */
export const ISSUED_SESSION_TTL_MS = 5 * 60 * 1000;

/**
 * Code requests per 15 minutes: one address may ask 5 codes for a number, and a number gets at most 30 over
 * all addresses (150 guesses of a 5-digit code). Someone else spending a victim's codes therefore needs six
 * addresses instead of one, and guessing stays bounded however many addresses are used. There is no cap per
 * address over all numbers: behind a proxy without TRUST_PROXY every client has the proxy's address, and such
 * a cap would let anyone stop all sign-ins.
 */
export const CODE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_CODES_PER_PHONE_AND_ADDRESS = 5;
export const MAX_CODES_PER_PHONE = 30;

const sha256 = (...parts: string[]) => crypto.createHash("sha256").update(parts.join("\0")).digest("hex");

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * Records a code request unless the number, or the number from this address, used up its requests; false (and
 * nothing recorded) then. Requests for one number take turns, so instances answering at once cannot both pass.
 */
export async function allowCodeRequest(db: DbHandle, phone: string, address: string): Promise<boolean> {
  const now = Date.now();
  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7010))", [phone]);
    const [counts] = await q.query<{ mine: number; all: number }>(
      `SELECT count(*) FILTER (WHERE address = $2) AS mine, count(*) AS all
       FROM sign_in_code_requests WHERE phone = $1 AND at > $3`,
      [phone, address, new Date(now - CODE_WINDOW_MS)],
    );
    if ((counts?.mine ?? 0) >= MAX_CODES_PER_PHONE_AND_ADDRESS || (counts?.all ?? 0) >= MAX_CODES_PER_PHONE)
      return false;
    await q.query("INSERT INTO sign_in_code_requests (phone, address, at) VALUES ($1, $2, $3)", [
      phone,
      address,
      new Date(now),
    ]);
    return true;
  });
}

/** A new 5-digit code for `phone`; the row keeps only digests, keyed by the phoneCodeHash the client gets. */
export async function createCode(
  q: Queryable,
  phone: string,
): Promise<{ id: string; code: string; phoneCodeHash: string }> {
  const code = String(crypto.randomInt(0, 100_000)).padStart(5, "0");
  const phoneCodeHash = crypto.randomBytes(16).toString("hex");
  const id = sha256(phoneCodeHash);
  await q.query("INSERT INTO sign_in_codes (id, phone, code_digest, expires_at) VALUES ($1, $2, $3, $4)", [
    id,
    phone,
    sha256(id, code),
    new Date(Date.now() + CODE_TTL_MS),
  ]);
  return { id, code, phoneCodeHash };
}

/** Forgets a code or a password wait (a newer code on the same connection replaces it). */
export async function dropCode(q: Queryable, id: string): Promise<void> {
  await q.query("DELETE FROM sign_in_codes WHERE id = $1", [id]);
}

export type CodeCheck =
  | { result: "unknown" | "expired" | "wrong" | "too many" }
  | { result: "right"; id: string; phone: string };

interface CodeRow {
  phone: string;
  code_digest: string;
  expires_at: Date;
}

/**
 * Checks a code against the one sent with `phoneCodeHash`, on any instance. The guess is counted before the code
 * is compared (a guess that cannot be counted is not compared), so guesses arriving at several instances at once
 * still add up to at most MAX_ATTEMPTS; the fifth wrong one ends the code. A right code is taken by one check only.
 */
export async function checkCode(
  db: DbHandle,
  opts: { phone: string | null; phoneCodeHash: string; code: string },
): Promise<CodeCheck> {
  const id = sha256(opts.phoneCodeHash);
  const [row] = await db.query<CodeRow>(
    "SELECT phone, code_digest, expires_at FROM sign_in_codes WHERE id = $1 AND stage = 'code'",
    [id],
  );
  if (!row || row.phone !== opts.phone) return { result: "unknown" };
  if (row.expires_at.getTime() <= Date.now()) {
    await dropCode(db, id);
    return { result: "expired" };
  }
  const [counted] = await db.query<{ tries: number }>(
    "UPDATE sign_in_codes SET tries = tries + 1 WHERE id = $1 AND stage = 'code' AND tries < $2 RETURNING tries",
    [id, MAX_ATTEMPTS],
  );
  if (!counted) return { result: "too many" };
  if (!sameSecret(row.code_digest, sha256(id, opts.code))) {
    if (counted.tries < MAX_ATTEMPTS) return { result: "wrong" };
    await dropCode(db, id);
    return { result: "too many" };
  }
  const taken = await db.query("DELETE FROM sign_in_codes WHERE id = $1 AND stage = 'code' RETURNING id", [id]);
  return taken.length > 0 ? { result: "right", id, phone: row.phone } : { result: "unknown" };
}

/** After a right code on an account with a password: a row that waits for the password under the same id. */
export async function awaitPassword(q: Queryable, id: string, phone: string, userId: number): Promise<void> {
  await q.query(
    `INSERT INTO sign_in_codes (id, phone, code_digest, stage, user_id, expires_at)
     VALUES ($1, $2, '', 'password', $3, $4)`,
    [id, phone, userId, new Date(Date.now() + PASSWORD_STAGE_TTL_MS)],
  );
}

/**
 * Counts a password guess on a waiting sign-in before it is checked. Returns the account's id, or null when
 * nothing waits (unknown, expired, or out of guesses) and `last` when this is the final guess allowed.
 */
export async function countPasswordGuess(q: Queryable, id: string): Promise<{ userId: number; last: boolean } | null> {
  const [row] = await q.query<{ user_id: number; tries: number; expires_at: Date }>(
    `UPDATE sign_in_codes SET tries = tries + 1 WHERE id = $1 AND stage = 'password' AND tries < $2
     RETURNING user_id, tries, expires_at`,
    [id, MAX_ATTEMPTS],
  );
  if (!row || row.expires_at.getTime() <= Date.now()) return null;
  return { userId: row.user_id, last: row.tries >= MAX_ATTEMPTS };
}

/** Ends a password wait; true for the one caller that ended it. */
export async function finishPasswordWait(q: Queryable, id: string): Promise<boolean> {
  return (
    (await q.query("DELETE FROM sign_in_codes WHERE id = $1 AND stage = 'password' RETURNING id", [id])).length > 0
  );
}

/** A `session` string for `POST /auth/login`, redeemable once, for a few minutes, by this user only. */
export async function issueGrant(q: Queryable, account: { userId: number; phone: string }): Promise<string> {
  const session = `1${crypto.randomBytes(48).toString("base64url")}`;
  await q.query("INSERT INTO sign_in_grants (digest, user_id, phone, expires_at) VALUES ($1, $2, $3, $4)", [
    sha256(session),
    account.userId,
    account.phone,
    new Date(Date.now() + ISSUED_SESSION_TTL_MS),
  ]);
  return session;
}

/** Takes a live grant of `userId`; null when there is none (unknown, another user's, used, or expired). */
export async function redeemGrant(q: Queryable, session: string, userId: number): Promise<{ phone: string } | null> {
  const [row] = await q.query<{ phone: string; expires_at: Date }>(
    "DELETE FROM sign_in_grants WHERE digest = $1 AND user_id = $2 RETURNING phone, expires_at",
    [sha256(session), userId],
  );
  return row && row.expires_at.getTime() > Date.now() ? { phone: row.phone } : null;
}

/** Removes what no check can use any more (the "expire-attempts" job). */
export async function pruneSignIns(q: Queryable): Promise<void> {
  const now = new Date();
  await q.query("DELETE FROM sign_in_codes WHERE expires_at < $1", [now]);
  await q.query("DELETE FROM sign_in_grants WHERE expires_at < $1", [now]);
  await q.query("DELETE FROM sign_in_code_requests WHERE at < $1", [new Date(now.getTime() - CODE_WINDOW_MS)]);
}
