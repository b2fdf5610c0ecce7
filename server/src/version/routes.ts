import type { FastifyInstance } from "fastify";
import pkg from "../../package.json" with { type: "json" };
import type { Deps } from "../deps.js";

export async function versionRoutes(app: FastifyInstance, _deps: Deps) {
  app.get("/version", async () => ({
    version: pkg.version ?? "0.0.0",
    commitSHA: process.env.COMMIT_SHA ?? "",
    // Teldrive's field name; this server runs on Node, so it carries the Node version, as does `runtime`.
    goVersion: `node${process.versions.node}`,
    runtime: `node ${process.version}`,
    os: process.platform,
    arch: process.arch,
  }));
}
