import { type ApiGeneration, knownApiGeneration } from "@/drive/api/generation";

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

/**
 * Content URL of a file inside a share: `/api/shares/{id}/files/{fileId}/{name}` (API-A), `…/{fileId}/content`
 * (API-B, where the unlocked share's `share_token` cookie goes along).
 */
export function shareContentUrl(opts: {
  origin: string;
  shareId: string;
  fileId: string;
  name: string;
  download?: boolean;
  generation?: ApiGeneration;
}) {
  const last = (opts.generation ?? knownApiGeneration()) === "B" ? "content" : encodeURIComponent(opts.name);
  const url = new URL(
    `/api/shares/${encodeURIComponent(opts.shareId)}/files/${encodeURIComponent(opts.fileId)}/${last}`,
    opts.origin,
  );
  if (opts.download) url.searchParams.set("download", "1");
  return url.toString();
}
