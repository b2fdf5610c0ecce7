/**
 * Rewrites an upstream Set-Cookie so the browser keeps it for this server: no Domain (the cookie
 * belongs to whatever host served the page), and no Secure or SameSite=None when this server is
 * reached over plain HTTP, where the browser would otherwise drop the cookie.
 */
export function firstPartyCookie(setCookie: string, secure: boolean): string {
  const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
  const kept = attributes.filter((attribute) => {
    const name = attribute.split("=")[0]?.trim().toLowerCase();
    if (name === "domain") return false;
    if (!secure && name === "secure") return false;
    return true;
  });
  const rewritten = kept.map((attribute) =>
    !secure && /^samesite\s*=\s*none$/i.test(attribute) ? "SameSite=Lax" : attribute,
  );
  return [pair, ...rewritten].join("; ");
}
