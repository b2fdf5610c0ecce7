import crypto from "node:crypto";
import type { SignInLimits } from "../config.js";
import type { DbHandle, Queryable } from "../db/index.js";

/**
 * The sign-in state every server instance shares, in the database (migrations 4 and 8): the codes sent and the
 * guesses made at them, the code requests per number and address, the wrong codes per address, and the sessions
 * handed out but not yet redeemed.
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
 * Limits (docs/decisions.md, "Who may sign in, and guessing codes", has the arithmetic). A requester is an address,
 * an IPv6 address counted per /64 (auth/requester.ts).
 *
 * - Per number and requester: 5 code requests in 15 minutes.
 * - Per requester over all numbers: `codesPerAddressPerHour` code requests an hour and `wrongCodesPerAddressPerDay`
 *   wrong codes in 24 hours (20 and 10 by default).
 * - Per server, over every instance: `wrongCodesPerMinute` wrong codes a minute (100); past it no code is compared
 *   until the minute has passed.
 *
 * There is no cap per number over all requesters: whoever could use it up (six addresses did) locked the number's
 * owner out. Guessing at a known number is bounded by each requester's own budget instead, and six requesters'
 * budgets together stay under the server's, so they cannot stall everybody either. The price of a cap per address:
 * behind a reverse proxy missing from TRUST_PROXY every visitor has the proxy's address and shares one budget; the
 * error names the address it counted, and the server prints a warning naming TRUST_PROXY.
 */
export const CODE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_CODES_PER_PHONE_AND_ADDRESS = 5;
export const ADDRESS_CODE_WINDOW_MS = 60 * 60 * 1000;
export const ADDRESS_WRONG_WINDOW_MS = 24 * 60 * 60 * 1000;
export const SERVER_WRONG_WINDOW_MS = 60 * 1000;
/** Digits in a code: 10^8 codes, so the budgets above make guessing hopeless (docs/decisions.md). */
export const CODE_DIGITS = 8;

const sha256 = (...parts: string[]) => crypto.createHash("sha256").update(parts.join("\0")).digest("hex");

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * Records a code request unless the number from this requester, or this requester over all numbers, used up its
 * requests; then nothing is recorded and the answer says which. Requests from one requester take turns, so
 * instances answering at once cannot both pass.
 */
export async function allowCodeRequest(
  db: DbHandle,
  phone: string,
  requester: string,
  limits: SignInLimits,
): Promise<"ok" | "number" | "address"> {
  const now = Date.now();
  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 7010))", [requester]);
    const [counts] = await q.query<{ number: number; all: number }>(
      `SELECT count(*) FILTER (WHERE phone = $2 AND at > $3) AS number, count(*) AS all
       FROM sign_in_code_requests WHERE address = $1 AND at > $4`,
      [requester, phone, new Date(now - CODE_WINDOW_MS), new Date(now - ADDRESS_CODE_WINDOW_MS)],
    );
    if ((counts?.all ?? 0) >= limits.codesPerAddressPerHour) return "address";
    if ((counts?.number ?? 0) >= MAX_CODES_PER_PHONE_AND_ADDRESS) return "number";
    await q.query("INSERT INTO sign_in_code_requests (phone, address, at) VALUES ($1, $2, $3)", [
      phone,
      requester,
      new Date(now),
    ]);
    return "ok";
  });
}

/** A new code for `phone`; the row keeps only digests, keyed by the phoneCodeHash the client gets. */
export async function createCode(
  q: Queryable,
  phone: string,
): Promise<{ id: string; code: string; phoneCodeHash: string }> {
  const code = String(crypto.randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, "0");
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
  | { result: "unknown" | "expired" | "wrong" | "too many" | "address limit" | "server limit" }
  | { result: "right"; id: string; phone: string };

interface CodeRow {
  phone: string;
  code_digest: string;
  tries: number;
  expires_at: Date;
}

/**
 * Checks a code against the one sent with `phoneCodeHash`, on any instance. Checks take turns over every instance
 * (they are rare and short), so the budgets hold exactly: a code is compared only while the requester's and the
 * server's budgets of wrong codes last and the code has guesses left; a wrong one is recorded against both budgets
 * and the fifth ends the code. A right code is taken by one check only.
 */
export async function checkCode(
  db: DbHandle,
  opts: { phone: string | null; phoneCodeHash: string; code: string; requester: string },
  limits: SignInLimits,
): Promise<CodeCheck> {
  const id = sha256(opts.phoneCodeHash);
  return db.tx(async (q): Promise<CodeCheck> => {
    await q.query("SELECT pg_advisory_xact_lock(7011)");
    const now = Date.now();
    const [mine] = await q.query<{ n: number }>(
      "SELECT count(*) AS n FROM sign_in_failures WHERE address = $1 AND at > $2",
      [opts.requester, new Date(now - ADDRESS_WRONG_WINDOW_MS)],
    );
    if ((mine?.n ?? 0) >= limits.wrongCodesPerAddressPerDay) return { result: "address limit" };
    const [all] = await q.query<{ n: number }>("SELECT count(*) AS n FROM sign_in_failures WHERE at > $1", [
      new Date(now - SERVER_WRONG_WINDOW_MS),
    ]);
    if ((all?.n ?? 0) >= limits.wrongCodesPerMinute) return { result: "server limit" };
    const [row] = await q.query<CodeRow>(
      "SELECT phone, code_digest, tries, expires_at FROM sign_in_codes WHERE id = $1 AND stage = 'code'",
      [id],
    );
    if (!row || row.phone !== opts.phone) return { result: "unknown" };
    if (row.expires_at.getTime() <= now) {
      await dropCode(q, id);
      return { result: "expired" };
    }
    if (row.tries >= MAX_ATTEMPTS) {
      await dropCode(q, id);
      return { result: "too many" };
    }
    if (sameSecret(row.code_digest, sha256(id, opts.code))) {
      await dropCode(q, id);
      return { result: "right", id, phone: row.phone };
    }
    await q.query("INSERT INTO sign_in_failures (address, at) VALUES ($1, $2)", [opts.requester, new Date(now)]);
    if (row.tries + 1 < MAX_ATTEMPTS) {
      await q.query("UPDATE sign_in_codes SET tries = tries + 1 WHERE id = $1", [id]);
      return { result: "wrong" };
    }
    await dropCode(q, id);
    return { result: "too many" };
  });
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

/**
 * A `session` string for `POST /auth/login`, redeemable once, for a few minutes, by this user only: a random one, or
 * the caller's (which must be as unguessable).
 */
export async function issueGrant(
  q: Queryable,
  account: { userId: number; phone: string },
  session = `1${crypto.randomBytes(48).toString("base64url")}`,
): Promise<string> {
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
  await q.query("DELETE FROM sign_in_code_requests WHERE at < $1", [new Date(now.getTime() - ADDRESS_CODE_WINDOW_MS)]);
  await q.query("DELETE FROM sign_in_failures WHERE at < $1", [new Date(now.getTime() - ADDRESS_WRONG_WINDOW_MS)]);
}
