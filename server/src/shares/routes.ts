import type { FastifyInstance } from "fastify";
import type { Deps } from "../app.js";

export async function shareRoutes(_app: FastifyInstance, _deps: Deps) {}
