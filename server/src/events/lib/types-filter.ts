/** The event types of Teldrive main's `EventType`, and `reload`, ours, which every stream gets whatever it asked. */
export const EVENT_TYPES = [
  "files.created",
  "files.updated",
  "files.deleted",
  "files.moved",
  "files.copied",
  "uploads.progress",
  "jobs.progress",
  // Ours: a file arrived through a file request (file-requests/), for the owner's notice.
  "requests.received",
] as const;
export type LiveEventType = (typeof EVENT_TYPES)[number];

/**
 * Reads `types` (repeated and/or comma-separated; `files.*` for a family; absent or empty: every type) into a test.
 * Unknown names select nothing rather than failing, as a newer client may ask for types this server lacks.
 */
export function typesFilter(raw: string | string[] | undefined): (type: string) => boolean {
  const names = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (names.length === 0 || names.includes("*")) return () => true;
  const exact = new Set(names.filter((n) => !n.endsWith(".*")));
  const families = names.filter((n) => n.endsWith(".*")).map((n) => n.slice(0, -1));
  return (type) => exact.has(type) || families.some((f) => type.startsWith(f));
}

/** A heartbeat interval from `interval` (ms): Teldrive's default 30 s, kept between 1 s and 60 s (proxies cut at 60 s). */
export function heartbeatMs(raw: unknown): number {
  const n = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(n)) return 30_000;
  return Math.min(60_000, Math.max(1_000, n));
}

/** `Last-Event-ID` (or `lastEventId`): the stream position a reconnecting client saw last, or undefined. */
export function lastEventId(raw: unknown): number | undefined {
  if (typeof raw !== "string" || !/^\d{1,15}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}
