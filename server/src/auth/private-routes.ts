import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SignInLimits } from "../config.js";
import type { DbHandle } from "../db/index.js";
import { HttpError, unauthorized } from "../http/errors.js";
import { checkApiKey } from "./api-keys.js";
import { requesterKey } from "./requester.js";
import { type AuthUser, requestToken, userBySessionHash, userBySessionId, userByToken } from "./session.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user; set for every route registered inside a private scope (requireSignIn). */
    readonly user: AuthUser;
  }
  interface FastifyContextConfig {
    /**
     * Media URLs: `?hash=<session hash>` (Teldrive 1.8) or `?sid=<sessionId>` (Teldrive main) signs the request in
     * too, for media players that send no cookie.
     */
    acceptsSessionHash?: boolean;
  }
}

const mediaQuery = z.object({ hash: z.string().max(128).optional(), sid: z.string().max(64).optional() });

/**
 * The user of an `X-Api-Key` header (auth/api-keys.ts), or undefined without one. Checked against the database on
 * every call, like sessions, so a revoked key is refused at once everywhere.
 */
export async function apiKeyUser(
  db: DbHandle,
  req: FastifyRequest,
  limits: SignInLimits,
): Promise<AuthUser | undefined> {
  const header = req.headers["x-api-key"];
  // An empty header is no key (some clients send every header they know, empty when unset).
  if (header === undefined || header === "") return undefined;
  const requester = requesterKey(req.ip);
  const check = await checkApiKey(db, Array.isArray(header) ? "" : header.trim(), requester, limits);
  switch (check.result) {
    case "ok":
      return check.user;
    case "unknown":
      throw unauthorized("invalid API key");
    case "revoked":
      throw unauthorized("API key revoked");
    case "expired":
      throw unauthorized("API key expired");
    case "address limit":
      throw new HttpError(
        429,
        `too many wrong API keys or sign-in codes from your address (${requester || "unknown"}) today; try again tomorrow`,
      );
  }
}

/** How requests may sign in: Teldrive main's ways too (API keys, `?sid=`), or only Teldrive 1.8's. */
interface SignInWays {
  db: DbHandle;
  limits: SignInLimits;
  /** False with `COMPAT=teldrive-1.8`: no `X-Api-Key`, no `?sid=`. */
  apiB: boolean;
}

/** The session of the cookie or bearer token, or the API key, checked against the database on every call. */
async function sessionUser({ db, limits, apiB }: SignInWays, req: FastifyRequest): Promise<AuthUser> {
  const keyUser = apiB ? await apiKeyUser(db, req, limits) : undefined;
  if (keyUser) return keyUser;
  const token = requestToken(req);
  if (!token) throw unauthorized("missing session");
  const user = await userByToken(db, token);
  if (!user) throw unauthorized("invalid or expired session");
  return user;
}

/** Teldrive's content authentication (`?hash=` or `?sid=` first, then the key or session), with its messages. */
async function contentUser({ db, limits, apiB }: SignInWays, req: FastifyRequest): Promise<AuthUser> {
  const { hash, sid } = mediaQuery.parse(req.query);
  if (hash) {
    const user = await userBySessionHash(db, hash);
    if (!user) throw unauthorized("invalid hash");
    return user;
  }
  if (sid && apiB) {
    const user = await userBySessionId(db, sid);
    if (!user) throw unauthorized("invalid sid");
    return user;
  }
  const keyUser = apiB ? await apiKeyUser(db, req, limits) : undefined;
  if (keyUser) return keyUser;
  const token = requestToken(req);
  if (!token) throw unauthorized("missing token or authash");
  const user = await userByToken(db, token);
  if (!user) throw unauthorized("invalid token");
  return user;
}

/**
 * Makes every route of `scope` (an encapsulated plugin context) refuse a request without a valid session or API key
 * before its body is read, and puts the user on `req.user`. Register private route modules inside that scope only.
 */
export function requireSignIn(scope: FastifyInstance, ways: SignInWays) {
  const users = new WeakMap<FastifyRequest, AuthUser>();
  scope.decorateRequest("user", {
    getter(this: FastifyRequest) {
      const user = users.get(this);
      if (!user) throw new Error("req.user read before the sign-in hook ran");
      return user;
    },
  });
  scope.addHook("onRequest", async (req) => {
    const user = req.routeOptions.config.acceptsSessionHash
      ? await contentUser(ways, req)
      : await sessionUser(ways, req);
    users.set(req, user);
  });
}
