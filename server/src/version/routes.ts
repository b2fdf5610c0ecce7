import type { FastifyInstance } from "fastify";
import pkg from "../../package.json" with { type: "json" };
import type { Deps } from "../app.js";

export async function versionRoutes(app: FastifyInstance, _deps: Deps) {
  app.get("/version", async () => ({
    version: pkg.version ?? "0.0.0",
    commitSHA: process.env.COMMIT_SHA ?? "",
    goVersion: `node${process.versions.node}`,
    os: process.platform,
    arch: process.arch,
  }));
}
