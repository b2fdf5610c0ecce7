import crypto from "node:crypto";
import type { Queryable } from "../db/index.js";
import { badRequest, HttpError } from "../http/errors.js";
import { retryUserJobsNow } from "../jobs/queue.js";
import { isWithin, lockPath, segmentsOf } from "./paths.js";

/**
 * Write locks (RFC 4918 §6-7) in the `webdav_locks` table, so a lock one instance granted holds on every other.
 * Granting a lock and every write that checks locks run in transactions that take the user's lock-table advisory
 * lock (exclusive to grant, shared to write), so a write and a LOCK of the same path cannot pass each other.
 */

export interface Lock {
  token: string;
  path: string;
  deep: boolean;
  exclusive: boolean;
  owner: string;
  timeout_seconds: number;
  expires_at: Date;
}

/** Longest a lock is granted for, whatever a client asks ("Infinite" included); a client refreshes to keep it. */
export const MAX_LOCK_SECONDS = 24 * 60 * 60;
export const DEFAULT_LOCK_SECONDS = 60 * 60;
/** Most locks one user may hold at once. */
export const MAX_LOCKS_PER_USER = 10_000;

const key = (userId: number) => [7040, userId % 2_147_483_647];

/** Serialises the user's LOCKs against each other and against writes (which take it shared). */
export async function lockTableFor(q: Queryable, userId: number, mode: "grant" | "write"): Promise<void> {
  const fn = mode === "grant" ? "pg_advisory_xact_lock" : "pg_advisory_xact_lock_shared";
  await q.query(`SELECT ${fn}($1::int, $2::int)`, key(userId));
}

/** The user's locks that have not expired. */
export async function activeLocks(q: Queryable, userId: number): Promise<Lock[]> {
  return q.query<Lock>(
    `SELECT token, path, deep, exclusive, owner, timeout_seconds, expires_at FROM webdav_locks
     WHERE user_id = $1 AND expires_at > now() ORDER BY created_at LIMIT ${MAX_LOCKS_PER_USER}`,
    [userId],
  );
}

/** Locks that cover `path`: on it, or deep on a folder above it. */
export const covering = (locks: Lock[], path: string) =>
  locks.filter((l) => l.path === path || (l.deep && isWithin(path, l.path)));

/** Locks on paths strictly below `path`. */
export const below = (locks: Lock[], path: string) => locks.filter((l) => l.path !== path && isWithin(l.path, path));

/** What a write changes: a drive path, and for `tree` everything below it too. */
export type LockTarget = { path: string; tree?: boolean };

export const newToken = () => `opaquelocktoken:${crypto.randomUUID()}`;

/** `Timeout: Second-300, Infinite` → seconds granted. */
export function timeoutOf(header: string | undefined): number {
  for (const item of (header ?? "").split(",").map((s) => s.trim())) {
    if (/^infinite$/i.test(item)) return MAX_LOCK_SECONDS;
    const m = /^second-(\d+)$/i.exec(item);
    if (m?.[1]) return Math.max(1, Math.min(MAX_LOCK_SECONDS, Number(m[1])));
  }
  return DEFAULT_LOCK_SECONDS;
}

export async function insertLock(q: Queryable, userId: number, lock: Omit<Lock, "expires_at">): Promise<Lock> {
  await endLocks(q, userId, "expires_at <= now()", []);
  const [row] = await q.query<Lock>(
    `INSERT INTO webdav_locks (token, user_id, path, deep, exclusive, owner, timeout_seconds, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::int, now() + make_interval(secs => $7::int))
     RETURNING token, path, deep, exclusive, owner, timeout_seconds, expires_at`,
    [lock.token, userId, lock.path, lock.deep, lock.exclusive, lock.owner, lock.timeout_seconds],
  );
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  return row;
}

export async function refreshLock(q: Queryable, userId: number, token: string, seconds: number): Promise<Lock | null> {
  const [row] = await q.query<Lock>(
    `UPDATE webdav_locks SET timeout_seconds = $3::int, expires_at = now() + make_interval(secs => $3::int)
     WHERE user_id = $1 AND token = $2 AND expires_at > now()
     RETURNING token, path, deep, exclusive, owner, timeout_seconds, expires_at`,
    [userId, token, seconds],
  );
  return row ?? null;
}

/** Drops the locks on `path` and below it (what a MOVE or DELETE of it ends). */
export async function dropLocksWithin(q: Queryable, userId: number, path: string): Promise<void> {
  if (path === "/") await endLocks(q, userId, "true", []);
  else await endLocks(q, userId, "(path = $2 OR starts_with(path, $2 || '/'))", [path]);
}

/** Ends the lock `token` (an UNLOCK). */
export async function endLock(q: Queryable, userId: number, token: string): Promise<void> {
  await endLocks(q, userId, "token = $2", [token]);
}

/**
 * Deletes the user's lock rows that `where` (one of this file's constant conditions, `$2`… being `params`) picks:
 * every way the server ends a lock comes here. When a row went, the user's failed jobs are due now
 * (`retryUserJobsNow`), so a big copy or restore a lock held (files/bulk-write.ts) goes on at once, not at its next
 * try; the caller kicks the queue after its commit.
 */
async function endLocks(q: Queryable, userId: number, where: string, params: unknown[]): Promise<void> {
  const [ended] = await q.query<{ any: boolean }>(
    `WITH gone AS (DELETE FROM webdav_locks WHERE user_id = $1 AND ${where} RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM gone) AS any`,
    [userId, ...params],
  );
  if (ended?.any) await retryUserJobsNow(q, userId);
}

// The If header (RFC 4918 §10.4).

interface Condition {
  not: boolean;
  token?: string;
  etag?: string;
}
interface List {
  /** The tagged resource's drive path, or undefined for the request's own. */
  path?: string;
  conditions: Condition[];
}

/** Parses an `If` header: `(<token> ["etag"])` lists, optionally each after a `<resource>` tag. */
export function parseIf(header: string): List[] {
  const lists: List[] = [];
  let tag: string | undefined;
  let i = 0;
  const fail = () => badRequest("malformed If header");
  const until = (close: string) => {
    const end = header.indexOf(close, i + 1);
    if (end < 0) throw fail();
    const value = header.slice(i + 1, end);
    i = end + 1;
    return value;
  };
  while (i < header.length) {
    const c = header[i];
    if (c === " " || c === "\t" || c === "\r" || c === "\n") i++;
    else if (c === "<") {
      const url = until(">");
      const pathname = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(url)?.[1] ?? url;
      tag = lockPath(segmentsOf(pathname));
    } else if (c === "(") {
      i++;
      const conditions: Condition[] = [];
      let not = false;
      for (;;) {
        const d = header[i];
        if (d === undefined) throw fail();
        if (d === ")") {
          i++;
          break;
        }
        if (d === " " || d === "\t") i++;
        else if (/^not\b/i.test(header.slice(i, i + 4)) && /[\s<[]/.test(header[i + 3] ?? "")) {
          not = true;
          i += 3;
        } else if (d === "<") {
          conditions.push({ not, token: until(">") });
          not = false;
        } else if (d === "[") {
          conditions.push({ not, etag: until("]").replace(/^W\//, "") });
          not = false;
        } else throw fail();
      }
      if (conditions.length === 0) throw fail();
      lists.push({ path: tag, conditions });
    } else throw fail();
  }
  if (lists.length === 0) throw fail();
  return lists;
}

/** Every lock token an `If` header names: what the request submits to pass locks. */
export function submittedTokens(lists: List[]): Set<string> {
  return new Set(lists.flatMap((l) => l.conditions.flatMap((c) => (c.token ? [c.token] : []))));
}

/**
 * Whether an `If` header holds: one of its lists has every condition true. A lock token is true when it is a lock
 * that covers the list's resource; an entity tag when it is the resource's current one.
 */
export async function ifHolds(
  lists: List[],
  requestPath: string,
  locks: Lock[],
  etagOf: (path: string) => Promise<string | null>,
): Promise<boolean> {
  for (const list of lists) {
    const path = list.path ?? requestPath;
    let all = true;
    for (const c of list.conditions) {
      let value: boolean;
      if (c.token !== undefined) value = covering(locks, path).some((l) => l.token === c.token);
      else value = (await etagOf(path)) === c.etag;
      if (value === c.not) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

/**
 * 423 unless the request submitted the token of every exclusive lock on `targets` (and, for `tree`, below them), and of
 * at least one of the shared locks there (any holder of a shared lock may write).
 */
export function requireTokens(locks: Lock[], tokens: ReadonlySet<string>, targets: LockTarget[]): void {
  for (const t of targets) {
    const missing = unpassed([...covering(locks, t.path), ...(t.tree ? below(locks, t.path) : [])], tokens);
    if (missing) throw new HttpError(423, `locked: ${missing.path} needs its lock token`);
  }
}

/** Of the locks `held` on a target, one that `tokens` do not pass (see requireTokens), if any. */
function unpassed(held: Lock[], tokens: ReadonlySet<string>): Lock | undefined {
  const exclusive = held.find((l) => l.exclusive && !tokens.has(l.token));
  const shared = held.filter((l) => !l.exclusive);
  return exclusive ?? (shared.some((l) => tokens.has(l.token)) ? undefined : shared[0]);
}

/**
 * A write of the JSON API (which holds no lock tokens) touching `targets`: 423 when a WebDAV lock covers one of them
 * (for `tree`, also a lock below it), whoever holds it. The caller took the lock table shared (`lockTableFor(q,
 * userId, "write")`) before any row lock, as WebDAV's own writes do. `targets` is asked for only when locks exist.
 *
 * A background job finishing a request's write (a big copy or restore) checks again before each batch, so a lock
 * taken since the request holds too; it passes the locks whose `tokens` its WebDAV request submitted, by the rule
 * `requireTokens` applies, and names the locked item by its whole drive path (the job's error, where no request
 * says which folder it was about).
 */
export async function refuseLocked(
  q: Queryable,
  userId: number,
  targets: () => Promise<LockTarget[]>,
  job?: { tokens: ReadonlySet<string> },
): Promise<void> {
  const locks = await activeLocks(q, userId);
  if (locks.length === 0) return;
  for (const t of await targets()) {
    const held = [...covering(locks, t.path), ...(t.tree ? below(locks, t.path) : [])];
    if (!job) {
      if (held[0]) throw new HttpError(423, lockedMessage(held[0].path));
      continue;
    }
    const missing = unpassed(held, job.tokens);
    if (missing) throw new HttpError(423, lockedMessage(missing.path, missing.path === "/" ? "" : missing.path));
  }
}

/**
 * The one lock check of a write whose targets are known before it locks any row: the lock table shared, then
 * `refuseLocked`. A write that must lock rows to find its targets takes the table first and refuses after them.
 */
export async function guardWrite(q: Queryable, userId: number, targets: () => Promise<LockTarget[]>): Promise<void> {
  await lockTableFor(q, userId, "write");
  await refuseLocked(q, userId, targets);
}

/** No colon in it: clients show a server's text after its last colon. */
function lockedMessage(path: string, shown = path.slice(path.lastIndexOf("/") + 1)): string {
  const what = shown ? `"${shown}"` : "Your drive";
  return `${what} is locked by an app connected over WebDAV, so it can't be changed now. Try again when that app has unlocked it (locks end by themselves when it stops renewing them).`;
}
