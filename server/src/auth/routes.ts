import type { FastifyInstance } from "fastify";
import type { Deps } from "../app.js";

export async function authRoutes(_app: FastifyInstance, _deps: Deps) {}
