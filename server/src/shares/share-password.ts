/**
 * The password from a share `Authorization` header: base64(":" + password), with or without a `Basic `
 * prefix (browsers' Basic prompt sends "user:password"; the user part is ignored). Everything after the
 * FIRST colon is the password, so passwords may contain colons. `undefined` when the header is absent or
 * empty, `null` when it is not of that form.
 */
export function sharePassword(header: string | undefined): string | null | undefined {
  const value = header?.trim().replace(/^basic\s+/i, "");
  if (!value) return undefined;
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const decoded = Buffer.from(value, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : decoded.slice(colon + 1);
}
