import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { type AuthUser, requestToken, userBySessionHash, userByToken } from "../auth/session.js";
import type { Queryable } from "../db/index.js";
import type { Deps } from "../deps.js";
import { unauthorized } from "../http/errors.js";
import { ownedContentFile, sendFile } from "./send-file.js";

const contentQuery = z.object({
  hash: z.string().max(128).optional(),
  download: z.string().optional(),
});

/** `?hash=<session hash>` lets cookie-less players stream; otherwise the session cookie (or bearer token). */
async function contentUser(db: Queryable, req: FastifyRequest, hash: string | undefined): Promise<AuthUser> {
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

export const isDownload = (v: string | undefined) => v === "1" || v === "true";

export async function contentRoutes(app: FastifyInstance, { db, blobs }: Deps) {
  app.route({
    method: ["GET", "HEAD"],
    url: "/files/:id/:name",
    handler: async (req, reply) => {
      const { id } = req.params as { id: string };
      const query = contentQuery.parse(req.query);
      const user = await contentUser(db, req, query.hash);
      const file = await ownedContentFile(db, user.userId, id);
      return sendFile(req, reply, blobs, file, { download: isDownload(query.download) });
    },
  });
}
