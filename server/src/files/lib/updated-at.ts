export interface DateFilter {
  op: "gte" | "lte" | "eq" | "gt" | "lt";
  /** An instant, ISO 8601 in UTC. */
  date: string;
}

type Op = DateFilter["op"];

const ENTRY = /^(gte|lte|eq|gt|lt):(.+)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// RFC 3339 date-time with an offset; a space stands for a '+' that a query string decoded.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+ -]\d{2}:\d{2})$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of `YYYY-MM-DD`, or null when it is not a real day (2024-02-30). */
function utcDay(value: string): Date | null {
  const m = DAY.exec(value);
  if (!m) return null;
  const [, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  // Date.UTC rolls 2024-02-30 over into March; a round trip catches it.
  return date.toISOString().slice(0, 10) === value ? date : null;
}

/**
 * A whole UTC day as instants: `lte:2024-11-05` keeps all of the 5th (Teldrive compares with midnight, which
 * drops the last day of a range), `gt:` starts after it, `eq:` is the day.
 */
function dayFilters(op: Op, day: Date): DateFilter[] {
  const start = day.toISOString();
  const next = new Date(day.getTime() + DAY_MS).toISOString();
  switch (op) {
    case "gte":
    case "lt":
      return [{ op, date: start }];
    case "lte":
      return [{ op: "lt", date: next }];
    case "gt":
      return [{ op: "gte", date: next }];
    case "eq":
      return [
        { op: "gte", date: start },
        { op: "lt", date: next },
      ];
  }
}

/**
 * Parses `updatedAt`: comma-separated `op:value` entries, op one of gte, lte, eq, gt, lt. A value is a day
 * (`2024-11-05`, Teldrive's form, meaning the whole UTC day) or an exact instant with its offset
 * (`2024-11-05T00:00:00+01:00`, what a client sends for days in its user's time zone). Returns null when any
 * entry is malformed or not a real date.
 */
export function parseUpdatedAt(value: string): DateFilter[] | null {
  const out: DateFilter[] = [];
  for (const entry of value.split(",").map((s) => s.trim())) {
    const m = ENTRY.exec(entry);
    if (!m) return null;
    const op = m[1] as Op;
    const raw = m[2] ?? "";
    const day = utcDay(raw);
    if (day) {
      out.push(...dayFilters(op, day));
      continue;
    }
    if (!INSTANT.test(raw)) return null;
    const instant = new Date(raw.replace(/ (\d{2}:\d{2})$/, "+$1"));
    if (Number.isNaN(instant.getTime()) || !utcDay(raw.slice(0, 10))) return null;
    out.push({ op, date: instant.toISOString() });
  }
  return out;
}
