import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../deps.js";
import { unauthorized } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { syncChannels } from "../users/channels.js";
import { invitationRoutes } from "./invitation-routes.js";
import { requesterKey } from "./requester.js";
import { COOKIE_NAME, clearSessionCookie, createSession, setSessionCookie, userByToken } from "./session.js";
import { SignInFlow } from "./sign-in-flow.js";
import { redeemGrant } from "./sign-in-state.js";
import { appNameFromUserAgent } from "./user-agent.js";
import { ensureUserDefaults } from "./user-defaults.js";

/** Messages a sign-in socket may have waiting (the one being answered included); one more closes it (1008). */
export const MAX_WAITING_MESSAGES = 4;

/** Teldrive's `SessionCreate`: all seven fields are required, `hash` and `expires` are ignored. */
const sessionCreate = z.object({
  name: z.string(),
  userName: z.string(),
  userId: z.number().int().min(1),
  isPremium: z.boolean(),
  hash: z.string(),
  expires: z.iso.datetime({ offset: true }),
  session: z.string().min(1),
});

export async function authRoutes(app: FastifyInstance, { db, config, blobs }: Deps) {
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
    const body = sessionCreate.parse(req.body);
    const redeemed = await redeemGrant(db, body.session, body.userId);
    if (!redeemed) throw unauthorized("invalid or expired sign-in session; sign in again");
    const { token } = await db.tx(async (q) => {
      await ensureUserDefaults(q, body.userId);
      return createSession(q, {
        userId: body.userId,
        session: body.session,
        appName: appNameFromUserAgent(req.headers["user-agent"]),
      });
    });
    await syncChannels(db, blobs, body.userId);
    setSessionCookie(req, reply, token);
    return reply.status(204).send();
  });

  // Like Teldrive, this reads only the cookie and answers 204 rather than 401 when signed out.
  app.get("/auth/session", async (req, reply) => {
    const token = req.cookies[COOKIE_NAME];
    const user = token ? await userByToken(db, token) : null;
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
    await db.query("DELETE FROM sessions WHERE hash = $1", [user.hash]);
    clearSessionCookie(req, reply);
    return reply.status(204).send();
  });
}
