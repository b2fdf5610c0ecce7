import crypto from "node:crypto";
// req.cookies and reply.setCookie come with the cookie plugin the app registers.
import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Queryable } from "../db/index.js";

export const COOKIE_NAME = "access_token";
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface AuthUser {
  userId: number;
  userName: string;
  name: string;
  /** The session hash: identifies this login; also accepted as `?hash=` on content URLs. */
  hash: string;
  expiresAt: Date;
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");

/** Creates a session row and returns the opaque cookie token (only its digest is stored). */
export async function createSession(
  db: Queryable,
  opts: { userId: number; appName?: string; location?: string; session?: string },
): Promise<{ token: string; hash: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  // Teldrive's session hash is md5 of the Telegram session string; ours has no Telegram, so a random one.
  const hash = md5(opts.session ?? crypto.randomBytes(32).toString("base64url"));
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await db.query(
    "INSERT INTO sessions (hash, user_id, token_hash, app_name, location, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
    [hash, opts.userId, sha256(token), opts.appName ?? "", opts.location ?? null, expiresAt],
  );
  return { token, hash, expiresAt };
}

interface SessionRow {
  hash: string;
  user_id: number;
  user_name: string;
  name: string;
  expires_at: Date;
}

const SESSION_SELECT = `SELECT s.hash, s.user_id, s.expires_at, u.user_name, u.name
  FROM sessions s JOIN users u USING (user_id)`;

function toUser(row: SessionRow | undefined): AuthUser | null {
  if (!row || row.expires_at.getTime() <= Date.now()) return null;
  return { userId: row.user_id, userName: row.user_name, name: row.name, hash: row.hash, expiresAt: row.expires_at };
}

export async function userByToken(db: Queryable, token: string): Promise<AuthUser | null> {
  const rows = await db.query<SessionRow>(`${SESSION_SELECT} WHERE s.token_hash = $1`, [sha256(token)]);
  return toUser(rows[0]);
}

export async function userBySessionHash(db: Queryable, hash: string): Promise<AuthUser | null> {
  const rows = await db.query<SessionRow>(`${SESSION_SELECT} WHERE s.hash = $1`, [hash]);
  return toUser(rows[0]);
}

/** The bearer token or cookie token of a request, if any. */
export function requestToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim();
  return req.cookies[COOKIE_NAME] || undefined;
}

/** Cookie attributes: `Secure` when the request came over HTTPS, directly or as a trusted proxy says. */
const cookieOptions = (req: FastifyRequest, maxAge: number) => ({
  path: "/",
  httpOnly: true,
  sameSite: "lax" as const,
  secure: req.protocol === "https",
  maxAge,
});

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(COOKIE_NAME, token, cookieOptions(req, SESSION_TTL_SECONDS));
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.setCookie(COOKIE_NAME, "", cookieOptions(req, 0));
}
