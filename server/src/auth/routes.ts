import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../deps.js";
import { badRequest, unauthorized } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { syncChannels } from "../users/channels.js";
import { attemptRoutes } from "./attempt-routes.js";
import { invitationRoutes } from "./invitation-routes.js";
import { apiKeyUser } from "./private-routes.js";
import { rotateRefreshToken } from "./refresh-tokens.js";
import { requesterKey } from "./requester.js";
import {
  COOKIE_NAME,
  clearRefreshCookie,
  clearSessionCookie,
  createSession,
  REFRESH_COOKIE_NAME,
  requestToken,
  setSessionCookie,
  userByToken,
} from "./session.js";
import { SignInFlow } from "./sign-in-flow.js";
import { redeemGrant } from "./sign-in-state.js";
import { appNameFromUserAgent } from "./user-agent.js";
import { ensureUserDefaults } from "./user-defaults.js";

/** Messages a sign-in socket may have waiting (the one being answered included); one more closes it (1008). */
export const MAX_WAITING_MESSAGES = 4;

/**
 * Teldrive main's `AuthAttemptSession` (five fields), or Teldrive 1.8's `SessionCreate`, which adds `hash` and
 * `expires` and requires all seven (so with `COMPAT=teldrive-1.8`); both are ignored.
 */
const attemptSession = z.object({
  name: z.string(),
  userName: z.string(),
  userId: z.number().int().min(1),
  isPremium: z.boolean(),
  hash: z.string().optional(),
  expires: z.iso.datetime({ offset: true }).optional(),
  session: z.string().min(1),
});
const sessionCreate = attemptSession.required({ hash: true, expires: true });

export async function authRoutes(app: FastifyInstance, deps: Deps) {
  const { db, config, blobs } = deps;
  const apiB = config.compat !== "teldrive-1.8";
  if (apiB) await attemptRoutes(app, deps);

  app.get("/auth/ws", { websocket: true }, (socket, req) => {
    const { allowedPhones, signUp, signInLimits } = config;
    // An in-process websocket (app.injectWS, used by tests) has no address.
    const requester = requesterKey((req.ip as string | undefined) ?? "");
    const flow = new SignInFlow(db, { allowedPhones, signUp, limits: signInLimits }, requester);
    // One message at a time, so a burst of guesses is counted in order; a client waits for each answer, so more
    // than a few waiting is a flood, and nothing waits once the socket has closed.
    let waiting = 0;
    let open = true;
    let queue = Promise.resolve();
    socket.on("message", (data) => {
      if (!open) return;
      if (waiting >= MAX_WAITING_MESSAGES) {
        open = false;
        socket.close(1008, "too many messages at once: send one and wait for its answer");
        return;
      }
      waiting++;
      queue = queue.then(async () => {
        try {
          if (!open) return;
          const reply = await flow.handle(data.toString());
          if (reply && open) socket.send(JSON.stringify(reply));
        } catch (err) {
          app.log.error(err);
          if (open) socket.send(JSON.stringify({ type: "error", message: "auth failed" }));
        } finally {
          waiting--;
        }
      });
    });
    socket.on("close", () => {
      open = false;
      flow.end();
      queue = queue.then(() => flow.closed()).catch((err: unknown) => app.log.error(err));
    });
  });

  app.post("/auth/login", async (req, reply) => {
    const body = (apiB ? attemptSession : sessionCreate).parse(req.body);
    const redeemed = await redeemGrant(db, body.session, body.userId);
    if (!redeemed) throw unauthorized("invalid or expired sign-in session; sign in again");
    const { token, refreshToken } = await db.tx(async (q) => {
      await ensureUserDefaults(q, body.userId);
      return createSession(q, {
        userId: body.userId,
        session: body.session,
        appName: appNameFromUserAgent(req.headers["user-agent"]),
        lifetimes: config.tokenLifetimes,
      });
    });
    await syncChannels(db, blobs, body.userId);
    // Teldrive 1.8 has no refresh: only its access cookie there.
    setSessionCookie(req, reply, token, apiB ? refreshToken : undefined, config.tokenLifetimes);
    return reply.status(204).send();
  });

  if (apiB)
    app.post("/auth/refresh", async (req, reply) => {
      const presented = req.cookies[REFRESH_COOKIE_NAME];
      if (!presented) throw unauthorized("missing refresh token");
      const refreshed = await rotateRefreshToken(db, presented, config.tokenLifetimes);
      switch (refreshed.result) {
        case "ok":
          setSessionCookie(req, reply, refreshed.token, refreshed.refreshToken, config.tokenLifetimes);
          return reply.status(204).send();
        case "reused":
          clearSessionCookie(req, reply);
          throw unauthorized(
            "this refresh token was used already, so another copy of it exists: the session is ended; sign in again",
          );
        // The access token may still be good for a while: only the refresh cookie goes.
        case "expired":
          clearRefreshCookie(req, reply);
          throw unauthorized("the refresh token has expired; sign in again");
        case "unknown":
          clearRefreshCookie(req, reply);
          throw unauthorized("invalid refresh token");
      }
    });

  // Like Teldrive, this answers 204 rather than 401 when signed out. Teldrive 1.8 reads only the cookie; Teldrive
  // main also a bearer token or an API key.
  app.get("/auth/session", async (req, reply) => {
    const keyUser = apiB ? await apiKeyUser(db, req, config.signInLimits) : undefined;
    const token = apiB ? requestToken(req) : req.cookies[COOKIE_NAME];
    const user = keyUser ?? (token ? await userByToken(db, token) : null);
    if (!user) return reply.status(204).send();
    const rows = await db.query<{ is_premium: boolean }>("SELECT is_premium FROM users WHERE user_id = $1", [
      user.userId,
    ]);
    return {
      name: user.name,
      userName: user.userName,
      userId: user.userId,
      isPremium: rows[0]?.is_premium ?? false,
      hash: user.hash,
      ...(apiB ? { sessionId: user.sessionId } : {}),
      expires: rfc3339(user.expiresAt),
    };
  });
}

/**
 * Signing out needs the session it ends, so it is registered with the private routes; so are the owner's
 * invitations (auth/invitation-routes.ts).
 */
export async function signOutRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  await invitationRoutes(app, deps);
  app.post("/auth/logout", async (req, reply) => {
    const { user } = req;
    if (user.apiKeyId) throw badRequest("an API key cannot sign out: revoke it (DELETE /api/users/api-keys/{id})");
    await db.query("DELETE FROM sessions WHERE hash = $1", [user.hash]);
    clearSessionCookie(req, reply);
    return reply.status(204).send();
  });
}
