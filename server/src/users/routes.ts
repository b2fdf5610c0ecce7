import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { clearSessionCookie } from "../auth/session.js";
import type { Deps } from "../deps.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";
import { avatarSvg, etagOf } from "./avatar.js";
import { ensureSelected, newChannelId, referencedChannels, syncChannels } from "./channels.js";

const BOT_TOKEN = /^\d{10}:[A-Za-z0-9_-]{35}$/;

const channelName = z
  .string()
  .trim()
  .min(1, "channelName must not be empty")
  .max(128, "channelName must be at most 128 characters");
const channelCreate = z.object({ channelName, channelId: z.number().int().optional() });
const channelUpdate = z.object({ channelId: z.number().int().positive(), channelName: channelName.optional() });
const channelParams = z.object({ id: z.coerce.number().int().positive() });
const addBots = z.object({ bots: z.array(z.string()).min(1, "bots must list at least one token") });

export async function userRoutes(app: FastifyInstance, { db, blobs, config }: Deps) {
  app.get("/users/config", async (req) => {
    const { user } = req;
    const channels = await db.query<{ channel_id: number }>(
      "SELECT channel_id FROM channels WHERE user_id = $1 AND selected",
      [user.userId],
    );
    const bots = await db.query<{ token: string }>("SELECT token FROM bots WHERE user_id = $1 ORDER BY bot_id", [
      user.userId,
    ]);
    return { channelId: channels[0]?.channel_id ?? 0, bots: bots.map((b) => b.token) };
  });

  app.get("/users/channels", async (req) => {
    const { user } = req;
    const rows = await db.query<{ channel_id: number; channel_name: string }>(
      "SELECT channel_id, channel_name FROM channels WHERE user_id = $1 ORDER BY channel_name, channel_id",
      [user.userId],
    );
    return rows.map((r) => ({ channelName: r.channel_name, channelId: r.channel_id }));
  });

  // Like Teldrive, a new channel gets a fresh id (a given channelId is ignored) and is not selected.
  app.post("/users/channels", async (req, reply) => {
    const { user } = req;
    const body = channelCreate.parse(req.body);
    const channelId = newChannelId();
    await blobs.ensureChannel(channelId);
    await db.query("INSERT INTO channels (channel_id, channel_name, user_id) VALUES ($1, $2, $3)", [
      channelId,
      body.channelName,
      user.userId,
    ]);
    await ensureSelected(db, user.userId);
    return reply.status(201).send();
  });

  app.patch("/users/channels", async (req, reply) => {
    const { user } = req;
    const body = channelUpdate.parse(req.body);
    await db.tx(async (q) => {
      const owned = await q.query("SELECT 1 FROM channels WHERE channel_id = $1 AND user_id = $2", [
        body.channelId,
        user.userId,
      ]);
      if (owned.length === 0) throw notFound("channel not found");
      await q.query("UPDATE channels SET selected = (channel_id = $1) WHERE user_id = $2", [
        body.channelId,
        user.userId,
      ]);
      if (body.channelName !== undefined)
        await q.query("UPDATE channels SET channel_name = $1 WHERE channel_id = $2", [
          body.channelName,
          body.channelId,
        ]);
    });
    return reply.status(204).send();
  });

  app.patch("/users/channels/sync", async (req, reply) => {
    const { user } = req;
    await syncChannels(db, blobs, user.userId);
    return reply.status(204).send();
  });

  app.delete("/users/channels/:id", async (req, reply) => {
    const { user } = req;
    const { id } = channelParams.parse(req.params);
    await db.tx(async (q) => {
      // Locked, so a part being recorded in this channel (which holds it FOR SHARE) is either seen below or refused.
      const owned = await q.query("SELECT 1 FROM channels WHERE channel_id = $1 AND user_id = $2 FOR UPDATE", [
        id,
        user.userId,
      ]);
      if (owned.length === 0) throw notFound("channel not found");
      // Teldrive deletes the Telegram channel with everything in it; here files would lose their bytes, so refuse.
      if ((await referencedChannels(q, user.userId)).includes(id))
        throw conflict("the channel still holds files (also in the trash) or uploads; delete them first");
      await q.query("DELETE FROM channels WHERE channel_id = $1 AND user_id = $2", [id, user.userId]);
      await ensureSelected(q, user.userId);
    });
    await blobs.deleteChannel(id);
    return reply.status(204).send();
  });

  app.post("/users/bots", async (req, reply) => {
    const { user } = req;
    const { bots } = addBots.parse(req.body);
    if (!bots.every((t) => BOT_TOKEN.test(t))) throw badRequest("Invalid Token format");
    await db.tx(async (q) => {
      for (const token of bots)
        await q.query(
          "INSERT INTO bots (user_id, token, bot_id) VALUES ($1, $2, $3) ON CONFLICT (user_id, token) DO NOTHING",
          [user.userId, token, Number(token.slice(0, token.indexOf(":")))],
        );
    });
    return reply.status(204).send();
  });

  app.delete("/users/bots", async (req, reply) => {
    const { user } = req;
    await db.query("DELETE FROM bots WHERE user_id = $1", [user.userId]);
    return reply.status(204).send();
  });

  app.get("/users/sessions", async (req) => {
    const { user } = req;
    const rows = await db.query<{
      hash: string;
      id: string;
      app_name: string;
      location: string | null;
      created_at: Date;
      expires_at: Date;
      refresh_expires_at: Date | null;
    }>(
      `SELECT hash, id, app_name, location, created_at, expires_at, refresh_expires_at FROM sessions
       WHERE user_id = $1 ORDER BY created_at DESC, hash`,
      [user.userId],
    );
    const now = Date.now();
    return rows.map((r) => ({
      hash: r.hash,
      // Teldrive main's id of a session; `hash` is Teldrive 1.8's. Either names it in DELETE /users/sessions/{id}.
      ...(config.compat === "teldrive-1.8" ? {} : { sessionId: r.id }),
      createdAt: rfc3339(r.created_at),
      ...(r.location ? { location: r.location } : {}),
      appName: r.app_name,
      // A session whose access token expired is still good while its refresh token is.
      valid: r.expires_at.getTime() > now || (r.refresh_expires_at?.getTime() ?? 0) > now,
      current: r.hash === user.hash,
    }));
  });

  // Ending a session also ends its refresh token: the way to stop a stolen one.
  app.delete("/users/sessions/:id", async (req, reply) => {
    const { user } = req;
    const { id } = req.params as { id: string };
    const bySessionId = config.compat !== "teldrive-1.8" && z.uuid().safeParse(id).success;
    const deleted = await db.query<{ hash: string }>(
      `DELETE FROM sessions WHERE ${bySessionId ? "id = $1::uuid" : "hash = $1"} AND user_id = $2 RETURNING hash`,
      [id, user.userId],
    );
    if (deleted.length === 0) throw notFound("session not found");
    if (deleted[0]?.hash === user.hash) clearSessionCookie(req, reply);
    return reply.status(204).send();
  });

  // Teldrive serves the Telegram profile photo; without Telegram, a generated avatar with the initials.
  const profile = async (req: FastifyRequest, reply: FastifyReply) => {
    const { user } = req;
    const svg = avatarSvg(user.userId, user.name);
    const etag = etagOf(svg);
    reply
      .header("ETag", etag)
      .header("Cache-Control", "private, max-age=86400, must-revalidate")
      .header("Content-Disposition", 'inline; filename="profile.svg"')
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    if (req.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.type("image/svg+xml").send(svg);
  };
  app.get("/users/profile/:name", profile);
  // Teldrive main's URL (API-B) has no name in it.
  if (config.compat !== "teldrive-1.8") app.get("/users/profile", profile);
}
