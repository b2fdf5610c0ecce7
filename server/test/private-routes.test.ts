import { subscribe, unsubscribe } from "node:diagnostics_channel";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, RouteOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type TestServer } from "./helpers.js";
import { Contract } from "./openapi-contract.js";
import { teldriveMainContract } from "./teldrive-main-contract.js";

/**
 * The API routes anyone may call without a session: the sign-in flow, what the server is and offers, and shares
 * opened by id (and password). It is the set docs/openapi.json documents without `security`. Every other route
 * must refuse a request without a session; a new one that forgets to is caught below.
 */
const PUBLIC_API = [
  "GET /api/auth/ws",
  "POST /api/auth/login",
  "GET /api/auth/session",
  "GET /api/version",
  "GET /api/capabilities",
  "GET /api/shares/:id",
  "POST /api/shares/:id/unlock",
  "GET /api/shares/:id/files",
  "GET /api/shares/:id/files/:fileId/:name",
  // Teldrive main's (../shared/api/teldrive-main-openapi.yaml, API-B).
  "GET /api/shares/:id/files/:fileId/content",
];
/** Fastify answers HEAD for every GET route with the same hooks. */
const withHead = (routes: string[]) => routes.flatMap((r) => (r.startsWith("GET ") ? [r, `HEAD ${r.slice(4)}`] : [r]));

const NO_SESSION = { code: 401, message: "missing session" };
const FORGED_SESSION = { code: 401, message: "invalid or expired session" };
/** Content URLs also take `?hash=` and answer with Teldrive's own messages for this call. */
const CONTENT = ["/api/files/:id/:name", "/api/files/:id/content"];
const CONTENT_NO_SESSION = { code: 401, message: "missing token or authash" };
const CONTENT_FORGED_SESSION = { code: 401, message: "invalid token" };

/** The built client the server serves as static files (public): what a `vite build` leaves, in small. */
const WEB_FILES = ["index.html", "assets/index-abc123.js", "assets/index-abc123.js.gz", "favicon.svg"];

let server: TestServer;
let webDist: string;
/** `METHOD /url` of every route the server registered, as Fastify's onRoute hook saw it. */
const registered: string[] = [];

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "drive-web-"));
  for (const file of WEB_FILES) {
    fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
    fs.writeFileSync(path.join(webDist, file), "<!doctype html><title>Drive</title>");
  }
  // Fastify announces each new instance on this channel before any plugin registers, so the hook sees every route.
  const collect = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.push(`${method} ${route.url}`);
    });
  };
  subscribe("fastify.initialization", collect);
  try {
    server = await startServer({}, { webDist });
  } finally {
    unsubscribe("fastify.initialization", collect);
  }
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const staticRoutes = () => withHead(WEB_FILES.map((f) => `GET /${f}`));
const privateRoutes = () => {
  const open = new Set([...withHead(PUBLIC_API), ...staticRoutes()]);
  return registered.filter((r) => !open.has(r));
};

/** A request for `route` with every path parameter filled in (ids as UUIDs, like real ones). */
function request(route: string, cookie?: string) {
  const [method = "", template = ""] = route.split(" ");
  const url = template.replace(/:\w+/g, "0190a0a0-0000-7000-8000-000000000000").replace("*", "x");
  const hasBody = !["GET", "HEAD", "DELETE"].includes(method);
  return server.app.inject({
    method: method as InjectOptions["method"],
    url,
    headers: cookie ? { cookie } : {},
    ...(hasBody ? { payload: {} } : {}),
  });
}

/** `METHOD /api/url` of the operations docs/openapi.json documents with (or without) `security`. */
function documented({ secured }: { secured: boolean }): string[] {
  const paths = { ...new Contract().doc.paths };
  // API-B's operations that this server has (the others, e.g. sign-in attempts, come later).
  for (const [template, item] of Object.entries(teldriveMainContract().doc.paths))
    if (template.includes("/content") || template.startsWith("/files/{id}/shares")) paths[template] = item;
  return Object.entries(paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([, op]) => (op.security !== undefined) === secured)
      .map(([method]) => `${method.toUpperCase()} /api${template.replace(/\{(\w+)\}/g, ":$1")}`),
  );
}

/** `METHOD /url -> status body` for each route called (a HEAD answer's body is not sent over HTTP, so left out). */
async function answers(routes: string[], cookie?: string): Promise<string[]> {
  const lines: string[] = [];
  for (const route of routes) {
    const res = await request(route, cookie);
    lines.push(`${route} -> ${res.statusCode} ${route.startsWith("HEAD ") ? "" : res.body}`);
  }
  return lines;
}

const refusals = (routes: string[], expected: { other: object; content: object }) =>
  routes.map((route) => {
    const body = CONTENT.some((c) => route.endsWith(` ${c}`)) ? expected.content : expected.other;
    return `${route} -> 401 ${route.startsWith("HEAD ") ? "" : JSON.stringify(body)}`;
  });

it("has exactly the documented public routes, and they answer without a session", async () => {
  expect([...PUBLIC_API].sort()).toEqual(documented({ secured: false }).sort());
  // A public route that disappears or moves behind the sign-in hook fails here.
  expect(registered).toEqual(expect.arrayContaining(withHead(PUBLIC_API)));
  for (const answer of await answers(withHead(PUBLIC_API))) expect(answer).not.toMatch(/ -> 401 /);
});

it("serves the built client's files without a session", async () => {
  expect(registered.filter((r) => !r.split(" ")[1]?.startsWith("/api/")).sort()).toEqual(staticRoutes().sort());
  for (const file of WEB_FILES) expect((await server.app.inject({ url: `/${file}` })).statusCode, file).toBe(200);
});

it("refuses every other route without a session: 401 before the handler runs", async () => {
  const routes = privateRoutes();
  // Every operation the contract marks as needing a session was found, so the enumeration itself is complete.
  expect(routes).toEqual(expect.arrayContaining(documented({ secured: true })));
  expect(await answers(routes)).toEqual(refusals(routes, { other: NO_SESSION, content: CONTENT_NO_SESSION }));
});

it("refuses every other route with a forged or revoked session", async () => {
  const routes = privateRoutes();
  expect(await answers(routes, "access_token=forged-or-revoked")).toEqual(
    refusals(routes, { other: FORGED_SESSION, content: CONTENT_FORGED_SESSION }),
  );
});
