import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";
import { listRoutes } from "./list-routes.js";
import { trashRoutes } from "./trash-routes.js";
import { treeRoutes } from "./tree-routes.js";
import { writeRoutes } from "./write-routes.js";

/** Teldrive's `/api/files…` calls (content streaming lives in the content module), and our `/api/trash…`. */
export async function fileRoutes(app: FastifyInstance, deps: Deps) {
  await listRoutes(app, deps);
  await writeRoutes(app, deps);
  await treeRoutes(app, deps);
  // Teldrive 1.8 has no trash: in that mode a delete is for good and these calls do not exist.
  if (!deps.config.teldrive18) await trashRoutes(app, deps);
}
