import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import proxyAddr from "@fastify/proxy-addr";
import fastifyStatic from "@fastify/static";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { signInJobs } from "./auth/jobs.js";
import { requireSignIn } from "./auth/private-routes.js";
import { authRoutes, signOutRoutes } from "./auth/routes.js";
import { MAX_FRAME_BYTES } from "./auth/sign-in-flow.js";
import { capabilityRoutes } from "./capabilities/routes.js";
import { removeRoutesOf } from "./compat/removed-routes.js";
import type { Config } from "./config.js";
import { contentRoutes } from "./content/routes.js";
import type { Db } from "./db/index.js";
import { useCompression } from "./delivery/compression.js";
import type { Deps } from "./deps.js";
import { emitEvent } from "./events/emit.js";
import { eventJobs } from "./events/jobs.js";
import { eventRoutes } from "./events/routes.js";
import { ownerFileRequestRoutes } from "./file-requests/owner-routes.js";
import { publicFileRequestRoutes } from "./file-requests/public-routes.js";
import { fileJobs } from "./files/jobs.js";
import { fileRoutes } from "./files/routes.js";
import { refuseNulInUrl, registerBodyParsers } from "./http/body-parsers.js";
import { guardBodyProgress } from "./http/body-progress.js";
import { errorHandler } from "./http/errors.js";
import { translateForwarded } from "./http/forwarded.js";
import { refuseCrossOrigin } from "./http/same-origin.js";
import { importJobs } from "./imports/jobs.js";
import { importRoutes } from "./imports/routes.js";
import { createJobQueue, scheduleRecurring } from "./jobs/queue.js";
import { partJobs } from "./parts/jobs.js";
import { playbackRoutes } from "./playback/routes.js";
import { teldriveProxy } from "./proxy/teldrive-proxy.js";
import { shareJobs } from "./shares/jobs.js";
import { ownerShareRoutes } from "./shares/owner-routes.js";
import { publicShareRoutes } from "./shares/public-routes.js";
import { starRoutes } from "./stars/routes.js";
import { Blobs } from "./storage/blobs.js";
import { openThumbnailCache } from "./thumbnails/cache.js";
import { thumbnailJobs } from "./thumbnails/jobs.js";
import { thumbnailRoutes } from "./thumbnails/routes.js";
import { uploadJobs } from "./uploads/jobs.js";
import { uploadRoutes } from "./uploads/routes.js";
import { apiKeyRoutes } from "./users/api-key-routes.js";
import { userRoutes } from "./users/routes.js";
import { settingsRoutes } from "./users/settings.js";
import { versionRoutes } from "./version/routes.js";
import { registerWebdav } from "./webdav/routes.js";

/** Content-Security-Policy for the client: no inline scripts, nothing from outside hosts but user-configured media and thumbnails. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' blob: http: https:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Fastify's options from the configuration: proxy trust, connection time limits, lenient routing. */
function serverOptions(config: Config): FastifyHttpOptions<Server> {
  const { timeouts } = config;
  return {
    trustProxy: config.trustProxy ?? false,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // 0: Node's whole-request limit would cut long uploads; guardBodyProgress limits slow bodies instead.
    requestTimeout: 0,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.max(50, Math.min(5000, Math.floor(timeouts.headersMs / 4))),
    },
    // Other clients send `/api/files/` and `//` (Teldrive's own client builds paths like `//Folder`).
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  };
}

export async function buildApp(
  deps: { config: Config; db: Db },
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, ...serverOptions(deps.config), ...options });
  const blobs = new Blobs(deps.config);
  const thumbnails = openThumbnailCache(deps.config);
  app.addHook("onClose", () => thumbnails.store.close());
  const services = { ...deps, blobs, thumbnails };
  // Each area's background work; the queue runs the kinds, and the recurring ones are added once at start.
  const jobs = [
    ...partJobs(services),
    ...fileJobs(services),
    ...uploadJobs,
    ...thumbnailJobs(services),
    ...signInJobs,
    ...shareJobs,
    // Imports (/jobs, /periodic-jobs): runs and the schedule check; their progress goes out as `jobs.progress`.
    ...importJobs(services, (userId, runId, state, progress) => {
      const source = { id: String(runId), name: "import", type: "file" as const, parentId: "" };
      emitEvent(deps.db.background, userId, "jobs.progress", { ...source, progress: { state, ...progress } }).catch(
        (err: unknown) => console.error(`import ${runId}: progress event not sent: ${String(err)}`),
      );
    }),
    ...eventJobs,
  ];
  const full: Deps = { ...services, jobs: createJobQueue(deps.db, jobs) };
  const trusted = deps.config.trustProxy ? proxyAddr.compile(deps.config.trustProxy) : () => false;

  app.setErrorHandler(errorHandler);
  // In proxy mode bodies pass through to Teldrive unparsed.
  if (!deps.config.teldriveUrl) registerBodyParsers(app);
  await app.register(fastifyCookie);
  await useCompression(app);
  // In proxy mode @fastify/http-proxy owns websocket upgrades; two upgrade handlers would both answer.
  // The one websocket is sign-in's, whose messages are small: a larger frame closes it before it is buffered.
  if (!deps.config.teldriveUrl) await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  app.addHook("onRequest", async (req) => {
    refuseNulInUrl(req.url);
    translateForwarded(req, trusted);
    refuseCrossOrigin(req);
    guardBodyProgress(req, deps.config.timeouts);
  });
  removeRoutesOf(app, deps.config.compat);

  // TELDRIVE_URL: a real Teldrive server answers /api; this server only serves the client.
  if (deps.config.teldriveUrl) await app.register(teldriveProxy, { upstream: deps.config.teldriveUrl });
  else {
    app.addHook("onReady", async () => {
      await scheduleRecurring(deps.db.background, jobs);
      await full.jobs.start();
    });
    app.addHook("onClose", () => full.jobs.stop());
    await app.register(
      async (api) => {
        // Public: the sign-in flow, what this server is and offers, shares opened by id (and password).
        await api.register(authRoutes, full);
        await api.register(versionRoutes, full);
        // Teldrive 1.8 has no /capabilities: clients then assume its behaviour for every field.
        if (!deps.config.teldrive18) await api.register(capabilityRoutes, full);
        await api.register(publicShareRoutes, full);
        // File requests (ours): anyone with the link uploads into the folder; the owner's calls are signed in (below).
        await api.register(publicFileRequestRoutes, full);
        // Everything else needs a session: one hook for the whole scope puts the user on req.user.
        await api.register(async (signedIn) => {
          requireSignIn(signedIn, {
            db: full.db,
            limits: deps.config.signInLimits,
            apiB: deps.config.compat !== "teldrive-1.8",
          });
          await signedIn.register(signOutRoutes, full);
          await signedIn.register(fileRoutes, full);
          await signedIn.register(contentRoutes, full);
          await signedIn.register(uploadRoutes, full);
          await signedIn.register(ownerShareRoutes, full);
          await signedIn.register(userRoutes, full);
          await signedIn.register(apiKeyRoutes, full);
          await signedIn.register(thumbnailRoutes, full);
          // Teldrive 1.8 has no /jobs.
          if (deps.config.compat !== "teldrive-1.8") await signedIn.register(importRoutes, full);
          // Live events (Teldrive main's /events): Teldrive 1.8 has none.
          if (deps.config.compat !== "teldrive-1.8") await signedIn.register(eventRoutes, full);
          await signedIn.register(starRoutes, full);
          await signedIn.register(playbackRoutes, full);
          // Account preferences the server acts on (capability `accountSettings`); Teldrive has none.
          if (!deps.config.teldrive18) await signedIn.register(settingsRoutes, full);
          await signedIn.register(ownerFileRequestRoutes, full);
        });
      },
      { prefix: "/api" },
    );
    // WebDAV at /webdav/ (webdav/routes.ts): signs in with API keys itself.
    if (deps.config.webdav.enabled) await registerWebdav(app, full);
  }

  const dist = deps.config.webDist;
  const index = dist ? path.join(dist, "index.html") : undefined;
  if (dist && index && fs.existsSync(index)) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must always be revalidated.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith("/api/") || req.url === "/api" || !index || !fs.existsSync(index)) {
      return reply.status(404).send({ code: 404, message: "not found" });
    }
    reply
      .header("Content-Security-Policy", CSP)
      .header("Cache-Control", "no-cache")
      .header("X-Content-Type-Options", "nosniff")
      .header("Referrer-Policy", "same-origin")
      .type("text/html; charset=utf-8")
      .send(fs.createReadStream(index));
  });

  return app;
}
