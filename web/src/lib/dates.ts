// Dates as the client shows and sends them. Every date helper lives here.

// Building an Intl.DateTimeFormat costs far more than using one; rows format two dates each while scrolling.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Short date and time in the user's locale; '' for an invalid date (a missing updatedAt). */
export function formatDate(date: Date, locale?: string): string {
  if (Number.isNaN(date.getTime())) return "";
  const key = locale ?? "";
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/** A calendar day ("YYYY-MM-DD", taken as local) or an ISO time, shown as the day only; unparsable text as is. */
export function formatDay(value: string): string {
  const date = CALENDAR_DAY.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** Local calendar date as YYYY-MM-DD (what <input type=date> uses); unparsable text is returned as is. */
export function toIsoDate(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "YYYY-MM-DD" from a date input to the end of that local day, as an ISO time; undefined for anything else. */
export function endOfDay(value: string): string | undefined {
  if (!CALENDAR_DAY.test(value)) return undefined;
  const date = new Date(`${value}T23:59:59`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
