/**
 * The Authorization value protected shares expect: base64 of ":" + password (an empty Basic-auth user,
 * no "Basic " prefix, as Teldrive's own client sends it). Encoded from UTF-8 so any password works.
 */
export function shareAuthorization(password: string): string {
  const bytes = new TextEncoder().encode(`:${password}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const storageKey = (shareId: string) => `share-password:${shareId}`;

/** The password of a share, kept for this tab only (spec: session storage). */
export const sharePasswords = {
  get(shareId: string): string {
    return sessionStorage.getItem(storageKey(shareId)) ?? "";
  },
  set(shareId: string, password: string): void {
    sessionStorage.setItem(storageKey(shareId), password);
  },
  clear(shareId: string): void {
    sessionStorage.removeItem(storageKey(shareId));
  },
};

/** The public address of a share. */
export const shareLink = (origin: string, shareId: string) => `${origin}/share/${encodeURIComponent(shareId)}`;

/** Content URL of a file inside a share: `/api/shares/{id}/files/{fileId}/{name}`. */
export function shareContentUrl(opts: {
  origin: string;
  shareId: string;
  fileId: string;
  name: string;
  download?: boolean;
}) {
  const url = new URL(
    `/api/shares/${encodeURIComponent(opts.shareId)}/files/${encodeURIComponent(opts.fileId)}/${encodeURIComponent(opts.name)}`,
    opts.origin,
  );
  if (opts.download) url.searchParams.set("download", "1");
  return url.toString();
}

/** "YYYY-MM-DD" from a date input to the end of that local day, as the ISO time the API takes. */
export function expiryFromDateInput(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T23:59:59`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
