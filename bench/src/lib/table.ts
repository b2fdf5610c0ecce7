// Turns measurements (ours, or whatever another bench module returns) into rows of one markdown table.
export type Row = [area: string, measure: string, value: string];

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (v: number | undefined) => (v === undefined ? "n/a" : `${Math.round(v)} ms`);

function formatValue(v: unknown): string {
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(2);
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (v === null || v === undefined) return "n/a";
  return JSON.stringify(v);
}

/**
 * Rows from an unknown result: a string (one row), an array of {name|metric|label, value} or [name, value],
 * or an object (one row per leaf, nested keys joined with " / ").
 */
export function rowsFrom(area: string, result: unknown, prefix = ""): Row[] {
  if (result === null || result === undefined) return [[area, prefix || "result", "n/a"]];
  if (typeof result !== "object") return [[area, prefix || "result", formatValue(result)]];
  if (Array.isArray(result)) {
    return result.flatMap((item, i): Row[] => {
      if (Array.isArray(item) && item.length >= 2) return [[area, String(item[0]), formatValue(item[1])]];
      if (item && typeof item === "object") {
        const rec = item as Record<string, unknown>;
        const label = rec.name ?? rec.metric ?? rec.label ?? rec.measure;
        if (label !== undefined && "value" in rec) {
          const unit = typeof rec.unit === "string" ? ` ${rec.unit}` : "";
          return [[area, String(label), `${formatValue(rec.value)}${unit}`]];
        }
        return rowsFrom(area, item, `${prefix}${label ?? i}`);
      }
      return [[area, `${prefix}${i}`, formatValue(item)]];
    });
  }
  return Object.entries(result as Record<string, unknown>).flatMap(([key, value]) => {
    const measure = prefix ? `${prefix} / ${key}` : key;
    return value && typeof value === "object" ? rowsFrom(area, value, measure) : [[area, measure, formatValue(value)]];
  });
}

const cell = (s: string) => s.replaceAll("|", "\\|").replaceAll("\n", " ");

export function markdownTable(rows: Row[]): string {
  return [
    "| Area | Measure | Value |",
    "|---|---|---|",
    ...rows.map(([a, m, v]) => `| ${cell(a)} | ${cell(m)} | ${cell(v)} |`),
  ].join("\n");
}
