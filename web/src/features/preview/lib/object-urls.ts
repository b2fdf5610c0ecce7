/**
 * Blobs behind the object URLs previews create (protected shares). Reading them back with fetch() would
 * need `blob:` in the page's connect-src, so readers get the Blob itself from here instead.
 */
const blobs = new Map<string, Blob>();

export function createObjectUrl(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  blobs.set(url, blob);
  return url;
}

export function revokeObjectUrl(url: string): void {
  blobs.delete(url);
  URL.revokeObjectURL(url);
}

/** The Blob behind an object URL made here, if `src` is one. */
export const blobOf = (src: string): Blob | undefined => blobs.get(src);

/** The body of a preview URL: the kept Blob for object URLs, else a same-origin fetch. */
export async function readPreviewSrc(src: string, signal?: AbortSignal): Promise<Response> {
  const blob = blobs.get(src);
  if (blob) return new Response(blob);
  const res = await fetch(src, { signal });
  if (!res.ok) throw new Error(`The server answered ${res.status}`);
  return res;
}
