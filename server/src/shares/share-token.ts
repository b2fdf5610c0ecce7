import crypto from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The `share_token` cookie of Teldrive main (API-B): `POST /shares/{id}/unlock` with the right password sets it, and
 * the share's listing and content accept it instead of the password.
 *
 * A token is `<expiry ms>.<HMAC-SHA256(expiry, share id)>` keyed by the share's stored password hash, which never
 * leaves the database: only this server can make one, every instance checks it without shared state, and a new
 * password (or none) ends every token made for the old one. It lasts a day, or until the share expires if sooner.
 * The cookie's path is the share's own, so several unlocked shares live side by side in one browser.
 */
export const SHARE_COOKIE = "share_token";
const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const mac = (passwordHash: string, shareId: string, expiry: number) =>
  crypto.createHmac("sha256", passwordHash).update(`${shareId}.${expiry}`).digest("base64url");

export function makeShareToken(
  share: { id: string; password: string; expires_at: Date | null },
  now = Date.now(),
): { token: string; expiry: number } {
  const expiry = Math.min(now + TOKEN_TTL_MS, share.expires_at?.getTime() ?? Number.POSITIVE_INFINITY);
  return { token: `${expiry}.${mac(share.password, share.id, expiry)}`, expiry };
}

/** Whether `token` was made for this share and its current password and has not expired. */
export function validShareToken(share: { id: string; password: string }, token: string, now = Date.now()): boolean {
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return false;
  const expiry = Number(match[1]);
  if (expiry <= now) return false;
  const expected = Buffer.from(mac(share.password, share.id, expiry));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const cookieOptions = (req: FastifyRequest, shareId: string, maxAgeSeconds: number) => ({
  path: `/api/shares/${shareId}`,
  httpOnly: true,
  sameSite: "lax" as const,
  secure: req.protocol === "https",
  maxAge: maxAgeSeconds,
});

export function setShareCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  shareId: string,
  token: string,
  expiry: number,
) {
  const seconds = Math.max(0, Math.floor((expiry - Date.now()) / 1000));
  reply.setCookie(SHARE_COOKIE, token, cookieOptions(req, shareId, seconds));
}

export function clearShareCookie(req: FastifyRequest, reply: FastifyReply, shareId: string) {
  reply.setCookie(SHARE_COOKIE, "", cookieOptions(req, shareId, 0));
}
