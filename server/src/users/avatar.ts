import crypto from "node:crypto";

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** Up to two letters from the first and last words of a name; the last two digits for a phone-number name. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0) return name.replace(/\D/g, "").slice(-2) || "?";
  const first = [...(words[0] ?? "")].find((c) => /\p{L}/u.test(c)) ?? "";
  const last = words.length > 1 ? ([...(words.at(-1) ?? "")].find((c) => /\p{L}/u.test(c)) ?? "") : "";
  return (first + last).toUpperCase();
}

/** A round avatar with the user's initials on a colour picked from the user id. */
export function avatarSvg(userId: number, name: string): string {
  const hue = userId % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name)}">
<circle cx="64" cy="64" r="64" fill="hsl(${hue} 45% 42%)"/>
<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="52" font-weight="600" fill="#fff">${escapeXml(initials(name))}</text>
</svg>
`;
}

export const etagOf = (body: string) =>
  `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
