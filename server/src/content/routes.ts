import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Deps } from "../deps.js";
import { ownedContentFile, sendFile } from "./send-file.js";

const contentQuery = z.object({ download: z.string().optional() });

export const isDownload = (v: string | undefined) => v === "1" || v === "true";

export async function contentRoutes(app: FastifyInstance, { db, blobs, config }: Deps) {
  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const { id } = req.params as { id: string };
    const query = contentQuery.parse(req.query);
    const file = await ownedContentFile(db, req.user.userId, id);
    return sendFile(req, reply, blobs, file, { download: isDownload(query.download) });
  };
  app.route({
    method: ["GET", "HEAD"],
    url: "/files/:id/:name",
    // `?hash=` signs the request in (requireSignIn), with Teldrive's own messages for this call.
    config: { acceptsSessionHash: true },
    handler,
  });
  // Teldrive main's content URL (API-B). It also takes `?hash=`: a file named "content" reached the 1.8 way lands here.
  if (config.compat !== "teldrive-1.8")
    app.route({ method: ["GET", "HEAD"], url: "/files/:id/content", config: { acceptsSessionHash: true }, handler });
}
