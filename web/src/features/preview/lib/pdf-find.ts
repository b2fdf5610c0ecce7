// The PDF viewer's page box and find bar as plain functions (pdf.js does the finding; this is what the bar shows).

/** The page a typed page number asks for, or undefined when it names none of the `pages`. */
export function pageFromInput(text: string, pages: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const page = Number(trimmed);
  return page >= 1 && page <= pages ? page : undefined;
}

/** pdf.js's find states (FindState in pdf_viewer.mjs). */
export const FIND_FOUND = 0;
export const FIND_NOT_FOUND = 1;
export const FIND_WRAPPED = 2;
export const FIND_PENDING = 3;

/** What the find bar says for a query: "3 of 12", "No matches", "Searching…", or nothing before a query. */
export function findStatus(opts: { query: string; state?: number; current: number; total: number }): string {
  if (opts.query.trim() === "" || opts.state === undefined) return "";
  if (opts.state === FIND_PENDING && opts.total === 0) return "Searching…";
  if (opts.state === FIND_NOT_FOUND || opts.total === 0) return "No matches";
  const wrapped = opts.state === FIND_WRAPPED ? " (from the other end)" : "";
  return `${opts.current} of ${opts.total}${wrapped}`;
}
