/** "2025-01-31T10:20:30Z" -> "2025-01-31" in the viewer's time zone; unparsable input is returned as is. */
export function toIsoDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
