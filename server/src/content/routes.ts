import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Deps } from "../deps.js";
import { ownedContentFile, sendFile } from "./send-file.js";

const contentQuery = z.object({ download: z.string().optional() });

export const isDownload = (v: string | undefined) => v === "1" || v === "true";

export async function contentRoutes(app: FastifyInstance, { db, blobs }: Deps) {
  app.route({
    method: ["GET", "HEAD"],
    url: "/files/:id/:name",
    // `?hash=` signs the request in (requireSignIn), with Teldrive's own messages for this call.
    config: { acceptsSessionHash: true },
    handler: async (req, reply) => {
      const { id } = req.params as { id: string };
      const query = contentQuery.parse(req.query);
      const file = await ownedContentFile(db, req.user.userId, id);
      return sendFile(req, reply, blobs, file, { download: isDownload(query.download) });
    },
  });
}
