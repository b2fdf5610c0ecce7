export interface DateFilter {
  op: "gte" | "lte" | "eq" | "gt" | "lt";
  /** Midnight UTC of the given day, ISO 8601. */
  date: string;
}

const ENTRY = /^(gte|lte|eq|gt|lt):(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `gte:2024-01-01,lt:2024-02-01`; returns null when any entry is malformed or not a real date. */
export function parseUpdatedAt(value: string): DateFilter[] | null {
  const out: DateFilter[] = [];
  for (const entry of value.split(",").map((s) => s.trim())) {
    const m = ENTRY.exec(entry);
    if (!m) return null;
    const [, op, y, mo, d] = m;
    const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
    // Date.UTC rolls 2024-02-30 over into March; a round trip catches it.
    const iso = date.toISOString();
    if (iso.slice(0, 10) !== `${y}-${mo}-${d}`) return null;
    out.push({ op: op as DateFilter["op"], date: iso });
  }
  return out;
}
