import type { FastifyInstance } from "fastify";
import type { Compat } from "../config.js";
import { notFound } from "../http/errors.js";

/**
 * Routes Teldrive main (API-B) removed: the sign-in websocket, content by name, the one share per file, mkdir, the
 * profile photo by name. With `COMPAT=teldrive-main` they answer 404 as on that server, before any sign-in check
 * (the route does not exist there). Page numbers are ignored there too (files/cursor-paging.ts `listGeneration`).
 */
export const REMOVED_IN_TELDRIVE_MAIN = [
  "GET /api/auth/ws",
  "GET /api/files/:id/:name",
  "HEAD /api/files/:id/:name",
  "GET /api/files/:id/share",
  "POST /api/files/:id/share",
  "PATCH /api/files/:id/share",
  "DELETE /api/files/:id/share",
  "POST /api/files/mkdir",
  "GET /api/users/profile/:name",
  "HEAD /api/users/profile/:name",
  "GET /api/shares/:id/files/:fileId/:name",
  "HEAD /api/shares/:id/files/:fileId/:name",
];

export function removeRoutesOf(app: FastifyInstance, compat: Compat | undefined) {
  if (compat !== "teldrive-main") return;
  const removed = new Set(REMOVED_IN_TELDRIVE_MAIN);
  app.addHook("onRequest", async (req) => {
    if (removed.has(`${req.method} ${req.routeOptions.url}`)) throw notFound("not found");
  });
}
