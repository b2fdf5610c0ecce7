import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Queryable } from "../db/index.js";
import { unauthorized } from "../http/errors.js";
import { type AuthUser, requestToken, userBySessionHash, userByToken } from "./session.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user; set for every route registered inside a private scope (requireSignIn). */
    readonly user: AuthUser;
  }
  interface FastifyContextConfig {
    /** Content URLs: `?hash=<session hash>` signs the request in too, for media players that send no cookie. */
    acceptsSessionHash?: boolean;
  }
}

const hashQuery = z.object({ hash: z.string().max(128).optional() });

/** The session of the cookie or bearer token, checked against the database on every call so revocation is immediate. */
async function sessionUser(db: Queryable, req: FastifyRequest): Promise<AuthUser> {
  const token = requestToken(req);
  if (!token) throw unauthorized("missing session");
  const user = await userByToken(db, token);
  if (!user) throw unauthorized("invalid or expired session");
  return user;
}

/** Teldrive's content authentication (`?hash=` first, then the session), with its messages. */
async function contentUser(db: Queryable, req: FastifyRequest): Promise<AuthUser> {
  const { hash } = hashQuery.parse(req.query);
  if (hash) {
    const user = await userBySessionHash(db, hash);
    if (!user) throw unauthorized("invalid hash");
    return user;
  }
  const token = requestToken(req);
  if (!token) throw unauthorized("missing token or authash");
  const user = await userByToken(db, token);
  if (!user) throw unauthorized("invalid token");
  return user;
}

/**
 * Makes every route of `scope` (an encapsulated plugin context) refuse a request without a valid session before its
 * body is read, and puts the user on `req.user`. Register private route modules inside that scope only.
 */
export function requireSignIn(scope: FastifyInstance, db: Queryable) {
  const users = new WeakMap<FastifyRequest, AuthUser>();
  scope.decorateRequest("user", {
    getter(this: FastifyRequest) {
      const user = users.get(this);
      if (!user) throw new Error("req.user read before the sign-in hook ran");
      return user;
    },
  });
  scope.addHook("onRequest", async (req) => {
    const user = req.routeOptions.config.acceptsSessionHash ? await contentUser(db, req) : await sessionUser(db, req);
    users.set(req, user);
  });
}
