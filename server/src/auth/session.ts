import crypto from "node:crypto";
// req.cookies and reply.setCookie come with the cookie plugin the app registers.
import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { DEFAULT_TOKEN_LIFETIMES, type TokenLifetimes } from "../config.js";
import type { Queryable } from "../db/index.js";

export const COOKIE_NAME = "access_token";
export const SESSION_TTL_SECONDS = DEFAULT_TOKEN_LIFETIMES.accessSeconds;
/** Teldrive main's long-lived cookie that `POST /auth/refresh` exchanges for a new access token (and a new one of it). */
export const REFRESH_COOKIE_NAME = "refresh_token";
/** The refresh cookie goes to the refresh call only, so no other request (or log of one) carries it. */
export const REFRESH_COOKIE_PATH = "/api/auth/refresh";
/** A refresh token is good for a year from its issue; each refresh issues a new one, so an active session lasts. */
export const REFRESH_TTL_SECONDS = DEFAULT_TOKEN_LIFETIMES.refreshSeconds;

export interface AuthUser {
  userId: number;
  userName: string;
  name: string;
  /** The session hash (Teldrive 1.8's id of a login; also accepted as `?hash=`); "" when signed in with an API key. */
  hash: string;
  /** Teldrive main's `sessionId` (also accepted as `?sid=`); the key's id when signed in with an API key. */
  sessionId: string;
  expiresAt: Date;
  /** The API key the request signed in with, if it did (auth/api-keys.ts). */
  apiKeyId?: string;
}

export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const md5 = (s: string) => crypto.createHash("md5").update(s).digest("hex");
/** An opaque secret for a cookie or header: 256 random bits. */
export const newSecret = () => crypto.randomBytes(32).toString("base64url");

export interface NewSession {
  /** The access token (cookie `access_token` or `Authorization: Bearer`); only its digest is stored. */
  token: string;
  /** The refresh token (cookie `refresh_token`); only its digest is stored. */
  refreshToken: string;
  hash: string;
  sessionId: string;
  expiresAt: Date;
}

/** Creates a session row and returns its tokens (only their digests are stored). */
export async function createSession(
  db: Queryable,
  opts: { userId: number; appName?: string; location?: string; session?: string; lifetimes?: TokenLifetimes },
): Promise<NewSession> {
  const lifetimes = opts.lifetimes ?? DEFAULT_TOKEN_LIFETIMES;
  const token = newSecret();
  const refreshToken = newSecret();
  // Teldrive's session hash is md5 of the Telegram session string; ours has no Telegram, so a random one.
  const hash = md5(opts.session ?? newSecret());
  // Random (v4), never time-ordered: `?sid=` signs a media URL in with it.
  const sessionId = crypto.randomUUID();
  const now = Date.now();
  const expiresAt = new Date(now + lifetimes.accessSeconds * 1000);
  await db.query(
    `INSERT INTO sessions (hash, id, user_id, token_hash, app_name, location, expires_at, refresh_digest, refresh_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hash,
      sessionId,
      opts.userId,
      sha256(token),
      opts.appName ?? "",
      opts.location ?? null,
      expiresAt,
      sha256(refreshToken),
      new Date(now + lifetimes.refreshSeconds * 1000),
    ],
  );
  return { token, refreshToken, hash, sessionId, expiresAt };
}

interface SessionRow {
  hash: string;
  id: string;
  user_id: number;
  user_name: string;
  name: string;
  expires_at: Date;
}

const SESSION_SELECT = `SELECT s.hash, s.id, s.user_id, s.expires_at, u.user_name, u.name
  FROM sessions s JOIN users u USING (user_id)`;

function toUser(row: SessionRow | undefined): AuthUser | null {
  if (!row || row.expires_at.getTime() <= Date.now()) return null;
  return {
    userId: row.user_id,
    userName: row.user_name,
    name: row.name,
    hash: row.hash,
    sessionId: row.id,
    expiresAt: row.expires_at,
  };
}

/**
 * The session of an access token: its current one, or for a minute the one its last refresh replaced (requests sent
 * just before the refresh answered still carry it).
 */
export async function userByToken(db: Queryable, token: string): Promise<AuthUser | null> {
  const digest = sha256(token);
  const rows = await db.query<SessionRow>(
    `${SESSION_SELECT} WHERE s.token_hash = $1 OR (s.prev_token_hash = $1 AND s.prev_token_until > $2)`,
    [digest, new Date()],
  );
  return toUser(rows[0]);
}

export async function userBySessionHash(db: Queryable, hash: string): Promise<AuthUser | null> {
  const rows = await db.query<SessionRow>(`${SESSION_SELECT} WHERE s.hash = $1`, [hash]);
  return toUser(rows[0]);
}

const uuid = z.uuid();

/** The session of Teldrive main's `sessionId` (`?sid=` on media URLs). */
export async function userBySessionId(db: Queryable, sessionId: string): Promise<AuthUser | null> {
  if (!uuid.safeParse(sessionId).success) return null;
  const rows = await db.query<SessionRow>(`${SESSION_SELECT} WHERE s.id = $1`, [sessionId]);
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

/**
 * The refresh cookie: sent only to the refresh call, and only from this site's own pages (`Strict`: the refresh
 * is a same-site POST; nothing else needs the cookie).
 */
const refreshCookieOptions = (req: FastifyRequest, maxAge: number) => ({
  ...cookieOptions(req, maxAge),
  path: REFRESH_COOKIE_PATH,
  sameSite: "strict" as const,
});

/** Sets the access cookie, and the refresh cookie when a refresh token is given. */
export function setSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  refreshToken?: string,
  lifetimes = DEFAULT_TOKEN_LIFETIMES,
) {
  reply.setCookie(COOKIE_NAME, token, cookieOptions(req, lifetimes.accessSeconds));
  if (refreshToken !== undefined)
    reply.setCookie(REFRESH_COOKIE_NAME, refreshToken, refreshCookieOptions(req, lifetimes.refreshSeconds));
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.setCookie(COOKIE_NAME, "", cookieOptions(req, 0));
  clearRefreshCookie(req, reply);
}

export function clearRefreshCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.setCookie(REFRESH_COOKIE_NAME, "", refreshCookieOptions(req, 0));
}
