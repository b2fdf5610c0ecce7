/** Where a signed-in user goes when there is no (valid) redirect. */
export const HOME_HREF = "/my-drive?path=%2F";

/**
 * The redirect target if it is a path on this site ("/x?y#z"), else undefined. Rejects absolute
 * and protocol-relative URLs ("//evil.example", "/\\evil.example") so sign-in cannot send users away,
 * and /login itself to avoid a loop.
 */
export function safeRedirect(target: unknown): string | undefined {
  if (typeof target !== "string" || !target.startsWith("/")) return undefined;
  if (target.startsWith("//") || target.startsWith("/\\")) return undefined;
  // Control characters (tabs, newlines) are dropped by URL parsers and can hide a "//".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
  if (/[\u0000-\u001f\u007f]/.test(target)) return undefined;
  const url = new URL(target, "http://same.origin");
  if (url.origin !== "http://same.origin") return undefined;
  if (url.pathname === "/login") return undefined;
  return url.pathname + url.search + url.hash;
}
