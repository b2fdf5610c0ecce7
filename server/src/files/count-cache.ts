/**
 * Totals of filtered listings (searches, date filters, subtrees), kept for a minute so paging through results
 * counts once, not on every page. Every write of the files module forgets the writer's totals (driveChanged), so
 * a user sees their own changes at once; another server instance sharing the database may show a total up to a
 * minute old. Plain folders, the whole drive and categories never use it: their counts are stored.
 */

const TTL_MS = 60_000;
const MAX_PER_USER = 100;

interface Entry {
  folder: number;
  file: number;
  until: number;
}

const byUser = new Map<number, Map<string, Entry>>();

export function cachedCount(userId: number, key: string): { folder: number; file: number } | undefined {
  const entry = byUser.get(userId)?.get(key);
  if (!entry || entry.until < Date.now()) return undefined;
  return entry;
}

export function rememberCount(userId: number, key: string, counts: { folder: number; file: number }): void {
  let entries = byUser.get(userId);
  if (!entries) {
    entries = new Map();
    byUser.set(userId, entries);
  }
  if (entries.size >= MAX_PER_USER) entries.clear();
  entries.set(key, { ...counts, until: Date.now() + TTL_MS });
}

/** The user's files changed: forget their totals. */
export function driveChanged(userId: number): void {
  byUser.delete(userId);
}
