import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { checkItemCount } from "./bulk-write.js";
import { deleteBodySchema, restoreBodySchema, trashQuerySchema } from "./schemas.js";
import { deleteTrashed, emptyTrash, listTrash, restoreTrashed } from "./trash.js";

/** Our addition (capability `trash`): the items `POST /files/delete` moved to the trash. */
export async function trashRoutes(app: FastifyInstance, { config, db, jobs }: Deps) {
  app.get("/trash", async (req) => {
    const { user } = req;
    const q = trashQuerySchema.parse(req.query);
    return listTrash(db, user.userId, q.page, q.limit);
  });

  app.post("/trash/restore", async (req) => {
    const { user } = req;
    const body = restoreBodySchema.parse(req.body);
    checkItemCount(body.ids);
    const result = await db.tx((q) => restoreTrashed(q, user.userId, body.ids, body.onConflict, config));
    jobs.kick();
    return result;
  });

  app.post("/trash/delete", async (req, reply) => {
    const { user } = req;
    const body = deleteBodySchema.parse(req.body);
    checkItemCount(body.ids);
    await db.tx((q) => deleteTrashed(q, user.userId, body.ids, config.deleteBatchRows));
    jobs.kick();
    return reply.status(204).send();
  });

  app.post("/trash/empty", async (req, reply) => {
    const { user } = req;
    await db.tx((q) => emptyTrash(q, user.userId, config));
    jobs.kick();
    return reply.status(204).send();
  });
}
