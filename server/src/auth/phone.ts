/**
 * A phone number in international form: `+` then 8 to 15 digits (E.164 allows at most 15).
 * Spaces, dashes, dots and brackets are dropped and a leading `00` counts as `+`, so
 * "+1 (555) 123-4567" and "0015551234567" are the same account as "+15551234567".
 */
export function normalisePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, "");
  const international = compact.startsWith("00") ? `+${compact.slice(2)}` : compact;
  return /^\+[1-9]\d{7,14}$/.test(international) ? international : null;
}

export function isPhoneAllowed(phone: string, allowed: string[] | undefined): boolean {
  if (!allowed) return true;
  return allowed.some((entry) => normalisePhone(entry) === phone);
}
