/**
 * `Content-Disposition` of the saved archive (RFC 6266): an ASCII fallback name for old readers and the real name
 * as UTF-8 in `filename*` (RFC 8187, where `'()*` must be escaped too).
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
