import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { createApiKey, listApiKeys, MAX_KEYS_PER_USER, revokeApiKey } from "../auth/api-keys.js";
import type { Deps } from "../deps.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { rfc3339 } from "../http/rfc3339.js";

const keyCreate = z.object({
  name: z.string().max(128, "name must be at most 128 characters"),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
const keyParams = z.object({ id: z.uuid("the key id must be a UUID") });

const keyOut = (k: { id: string; name: string; createdAt: Date; expiresAt: Date | null; lastUsedAt: Date | null }) => ({
  id: k.id,
  name: k.name,
  createdAt: rfc3339(k.createdAt),
  ...(k.expiresAt ? { expiresAt: rfc3339(k.expiresAt) } : {}),
  ...(k.lastUsedAt ? { lastUsedAt: rfc3339(k.lastUsedAt) } : {}),
});

/** Teldrive main's API keys (auth/api-keys.ts); none under `COMPAT=teldrive-1.8`. */
export async function apiKeyRoutes(app: FastifyInstance, { db, config }: Deps) {
  if (config.compat === "teldrive-1.8") return;

  app.get("/users/api-keys", async (req) => (await listApiKeys(db, req.user.userId)).map(keyOut));

  app.post("/users/api-keys", async (req, reply) => {
    const body = keyCreate.parse(req.body);
    const name = body.name.trim();
    if (!name) throw badRequest("name is required");
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw badRequest("expiresAt must be in the future");
    const created = await createApiKey(db, req.user.userId, { name, expiresAt });
    if (!created)
      throw conflict(`you have ${MAX_KEYS_PER_USER} API keys, the most one account may have; revoke one first`);
    // The key itself is in this answer only; the server keeps its digest.
    return reply
      .status(201)
      .header("Cache-Control", "no-store")
      .send({ ...keyOut(created.apiKey), key: created.key });
  });

  app.delete("/users/api-keys/:id", async (req, reply) => {
    const { id } = keyParams.parse(req.params);
    if (!(await revokeApiKey(db, req.user.userId, id))) throw notFound("api key not found");
    return reply.status(204).send();
  });
}
