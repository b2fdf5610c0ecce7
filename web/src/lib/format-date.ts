// Building an Intl.DateTimeFormat costs far more than using one; rows format two dates each while scrolling.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

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
