import type { FastifyInstance } from "fastify";
import type { Deps } from "../app.js";

export async function uploadRoutes(_app: FastifyInstance, _deps: Deps) {}
