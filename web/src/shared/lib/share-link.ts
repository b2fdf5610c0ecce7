/** The public address of a share. */
export const shareLink = (origin: string, shareId: string) => `${origin}/share/${encodeURIComponent(shareId)}`;

/** "YYYY-MM-DD" from a date input to the end of that local day, as the ISO time the API takes. */
export function expiryFromDateInput(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T23:59:59`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
