import type { Queryable } from "../db/index.js";

/**
 * Totals of filtered listings (searches, date filters, subtrees), kept for a minute so paging through results
 * counts once, not on every page. Each total is remembered with the user's drive version (`drive_versions`, bumped
 * by a trigger on every statement that changes the user's files, whichever instance ran it), and used only while
 * the version is the same: a total is never stale, on this instance or another. Plain folders, the whole drive and
 * categories never use it: their counts are stored.
 */

const TTL_MS = 60_000;
const MAX_PER_USER = 100;
const MAX_USERS = 10_000;

interface Entry {
  folder: number;
  file: number;
  version: number;
  until: number;
}

const byUser = new Map<number, Map<string, Entry>>();

/** The user's drive version now: totals remembered at another version are stale. */
export async function driveVersion(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ version: number }>("SELECT version FROM drive_versions WHERE user_id = $1", [userId]);
  return row?.version ?? 0;
}

export function cachedCount(
  userId: number,
  key: string,
  version: number,
): { folder: number; file: number } | undefined {
  const entry = byUser.get(userId)?.get(key);
  if (!entry || entry.version !== version || entry.until < Date.now()) return undefined;
  return entry;
}

export function rememberCount(
  userId: number,
  key: string,
  version: number,
  counts: { folder: number; file: number },
): void {
  let entries = byUser.get(userId);
  if (!entries) {
    if (byUser.size >= MAX_USERS) byUser.clear();
    entries = new Map();
    byUser.set(userId, entries);
  }
  if (entries.size >= MAX_PER_USER) entries.clear();
  entries.set(key, { ...counts, version, until: Date.now() + TTL_MS });
}
