import { subscribe, unsubscribe } from "node:diagnostics_channel";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, RouteOptions } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { Contract } from "./openapi-contract.js";
import { teldriveMainContract } from "./teldrive-main-contract.js";

/**
 * The API routes anyone may call without a session: the sign-in flow, what the server is and offers, shares
 * opened by id (and password), and file requests opened by their link. It is the set docs/openapi.json documents without `security`. Every other route
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
  "GET /api/shares/:id/thumbnails/:fileId",
  // File requests opened by their link (ours): what one is, its password, sending a file.
  "GET /api/file-requests/:id",
  "POST /api/file-requests/:id/unlock",
  "POST /api/file-requests/:id/files",
  // Teldrive main's (../shared/api/teldrive-main-openapi.yaml, API-B).
  "GET /api/shares/:id/files/:fileId/content",
  "POST /api/auth/attempts",
  "GET /api/auth/attempts/:id",
  "DELETE /api/auth/attempts/:id",
  "POST /api/auth/attempts/:id/phone/send-code",
  "POST /api/auth/attempts/:id/phone/sign-in",
  "POST /api/auth/attempts/:id/password",
  "POST /api/auth/refresh",
];
/** Fastify answers HEAD for every GET route with the same hooks. */
const withHead = (routes: string[]) => routes.flatMap((r) => (r.startsWith("GET ") ? [r, `HEAD ${r.slice(4)}`] : [r]));

const NO_SESSION = { code: 401, message: "missing session" };
const FORGED_SESSION = { code: 401, message: "invalid or expired session" };
/** Media URLs also take `?hash=` or `?sid=` and answer with Teldrive's own messages for this call. */
const CONTENT = ["/api/files/:id/:name", "/api/files/:id/content", "/api/thumbnails/:id"];
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
      // WebDAV signs in with Basic and an API key, not a session: test/webdav.test.ts covers its refusals.
      if (route.url.startsWith("/webdav")) return;
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

/** Routes whose answer never ends (an event stream): read up to the headers, and the body only when refused. */
const STREAMS = new Set(["GET /api/events/stream"]);

/** A request for `route` with every path parameter filled in (ids as UUIDs, like real ones). */
async function request(route: string, cookie?: string, headers: Record<string, string> = {}) {
  const [method = "", template = ""] = route.split(" ");
  const url = template.replace(/:\w+/g, "0190a0a0-0000-7000-8000-000000000000").replace("*", "x");
  const hasBody = !["GET", "HEAD", "DELETE"].includes(method);
  if (STREAMS.has(route)) {
    const res = await server.app.inject({
      url,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      payloadAsStream: true,
    });
    const stream = res.stream();
    let body = "";
    if (res.statusCode !== 200) for await (const chunk of stream) body += String(chunk);
    stream.destroy();
    return { statusCode: res.statusCode, body };
  }
  return server.app.inject({
    method: method as InjectOptions["method"],
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    ...(hasBody ? { payload: {} } : {}),
  });
}

/** `METHOD /api/url` of the operations docs/openapi.json documents with (or without) `security`. */
function documented({ secured }: { secured: boolean }): string[] {
  const paths = { ...new Contract().doc.paths };
  // API-B's operations that this server has (the others, e.g. /jobs, come later).
  const hasB = (t: string) =>
    t.includes("/content") ||
    t.startsWith("/files/{id}/shares") ||
    t.startsWith("/auth/attempts") ||
    t === "/auth/refresh" ||
    t.startsWith("/events") ||
    t.startsWith("/users/api-keys");
  for (const [template, item] of Object.entries(teldriveMainContract().doc.paths))
    if (hasB(template)) paths[template] = item;
  return Object.entries(paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([, op]) => (op.security !== undefined) === secured)
      .map(([method]) => `${method.toUpperCase()} /api${template.replace(/\{(\w+)\}/g, ":$1")}`),
  );
}

/** `METHOD /url -> status body` for each route called (a HEAD answer's body is not sent over HTTP, so left out). */
async function answers(routes: string[], cookie?: string, headers: Record<string, string> = {}): Promise<string[]> {
  const lines: string[] = [];
  for (const route of routes) {
    const res = await request(route, cookie, headers);
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
  // (The refresh call's own 401 says its cookie is missing; no public route is refused by the sign-in hook.)
  for (const answer of await answers(withHead(PUBLIC_API)))
    expect(answer).not.toMatch(/ -> 401 (|.*(session|token or authash)"\})$/);
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

it("accepts an API key (X-Api-Key) on every other route, and refuses a forged one before the handler runs", async () => {
  const routes = privateRoutes();
  const owner = await createUser(server);
  const created = await server.app.inject({
    method: "POST",
    url: "/api/users/api-keys",
    headers: { cookie: owner.cookie },
    payload: { name: "every route" },
  });
  expect(created.statusCode).toBe(201);
  const { key } = created.json<{ key: string }>();
  // Signed in with the key, every route reaches its handler (which may then refuse the made-up ids or bodies).
  for (const answer of await answers(routes, undefined, { "x-api-key": key })) expect(answer).not.toMatch(/ -> 401 /);
  const forged = { code: 401, message: "invalid API key" };
  expect(await answers(routes, undefined, { "x-api-key": `${key.slice(0, -4)}AAAA` })).toEqual(
    refusals(routes, { other: forged, content: forged }),
  );
});
