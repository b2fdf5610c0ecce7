import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startNginx } from "../../scripts/nginx.mjs";
import { type ChildServer, seededDataDir, startChildServer } from "./child-server.js";
import { SocketReader } from "./sign-in.js";

/*
 * Every operation of docs/openapi.json sent the way other Teldrive clients and reverse proxies send it:
 * `Content-Type: application/json` on every call (an empty body where the operation takes none), an `Origin`
 * on writes, with and without a trailing slash, with `//` in the URL and in path fields, directly and through
 * Debian's nginx (the README's configuration, with X-Forwarded-* and with Forwarded). Each must get the status
 * a Teldrive 1.8 server gives for it. The server is the real one (src/main.ts) with TRUST_PROXY=127.0.0.1.
 */

interface Request {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  raw?: Buffer;
  cookie?: string | null;
}

interface Operation {
  op: string;
  status: number;
  prepare?: (base: string) => Promise<Request>;
}

const ENCRYPTION_KEY = "conformance key";
let server: ChildServer;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let dataDir = "";
let cookie = "";
let spareSessions: { cookie: string; hash: string }[] = [];

beforeAll(async () => {
  const seeded = await seededDataDir(40);
  dataDir = seeded.dataDir;
  const [main, ...spare] = seeded.sessions;
  cookie = main?.cookie ?? "";
  spareSessions = spare;
  server = await startChildServer({ DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1", ENCRYPTION_KEY });
  nginx = await startNginx({ upstreamPort: server.port });
}, 180_000);
afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Set-up calls go straight to the server, as the one signed-in user. */
async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { cookie, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`set-up ${method} ${url}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const unique = (prefix: string) => `${prefix} ${crypto.randomBytes(4).toString("hex")}`;

async function folder(name = unique("folder")): Promise<{ id: string; name: string }> {
  return api("POST", "/files", { name, type: "folder", path: "/" });
}

/** A file request for a new folder (with a password when given); its id. */
async function fileRequest(password?: string): Promise<string> {
  const { id } = await folder();
  return (await api<{ id: string }>("POST", "/file-requests", { folderId: id, ...(password ? { password } : {}) })).id;
}

/** A file with real content in one uploaded part. */
async function file(
  name = `${unique("file")}.txt`,
  body = Buffer.from("hello conformance"),
): Promise<{ id: string; name: string }> {
  const uploadId = crypto.randomUUID();
  const res = await fetch(`${server.url}/api/uploads/${uploadId}?partName=${name}&fileName=${name}&partNo=1`, {
    method: "POST",
    headers: { cookie, "content-type": "application/octet-stream" },
    body,
  });
  const part = (await res.json()) as { partId: number; channelId: number };
  return api("POST", "/files", {
    name,
    type: "file",
    path: "/",
    size: body.length,
    channelId: part.channelId,
    parts: [{ id: part.partId }],
  });
}

/** A 1x1 PNG file, for the thumbnail call. */
const picture = () =>
  file(
    `${unique("picture")}.png`,
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
      "base64",
    ),
  );

async function share(fileId: string, password?: string): Promise<string> {
  await api("POST", `/files/${fileId}/share`, password ? { password } : {});
  return (await api<{ id: string }>("GET", `/files/${fileId}/share`)).id;
}

/** The request parameters of a new folder that is shared. */
async function sharedFolder(): Promise<Request> {
  const f = await folder();
  await share(f.id);
  return { params: { id: f.id } };
}

/** A new folder, deleted (to the trash); its id. */
async function trashed(): Promise<string> {
  const { id } = await folder();
  await api("POST", "/files/delete", { ids: [id] });
  return id;
}

/** An empty video file (enough for a playback position). */
const clip = () =>
  api<{ id: string }>("POST", "/files", {
    name: `${unique("clip")}.mp4`,
    type: "file",
    path: "/",
    mimeType: "video/mp4",
    size: 0,
  });

/** A video with a position kept; its id. */
async function watched(): Promise<string> {
  const { id } = await clip();
  await api("PUT", `/playback/${id}`, { position: 12, duration: 60 });
  return id;
}

async function channel(): Promise<number> {
  const name = unique("channel");
  await api("POST", "/users/channels", { channelName: name });
  const list = await api<{ channelId: number; channelName: string }[]>("GET", "/users/channels");
  const made = list.find((c) => c.channelName === name);
  if (!made) throw new Error("channel not created");
  return made.channelId;
}

let phones = 0;
/** The whole websocket sign-in through `base` (nginx included); returns the payload for POST /auth/login. */
async function issuedSession(base: string): Promise<unknown> {
  const phone = `+1555021${String(phones++).padStart(4, "0")}`;
  const ws = new WebSocket(`${base.replace("http", "ws")}/api/auth/ws`);
  try {
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const socket = new SocketReader(ws);
    const printedFrom = server.output().length;
    const sent = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone });
    const [, code] = await server.waitFor(new RegExp(`login code for \\${phone}: (\\d{8})`), printedFrom);
    const { phoneCodeHash } = sent.payload as { phoneCodeHash: string };
    const answer = await socket.ask({
      authType: "phone",
      message: "signin",
      phoneNo: phone,
      phoneCode: code,
      phoneCodeHash,
    });
    if (answer.message !== "success") throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
    return answer.payload;
  } finally {
    ws.close();
  }
}

let invitees = 0;
/** A number not invited yet. */
const invitee = () => `+1555022${String(invitees++).padStart(4, "0")}`;

const spare = () => {
  const session = spareSessions.shift();
  if (!session) throw new Error("out of spare sessions");
  return session;
};

// What a Teldrive 1.8 server answers each operation with, and the state it needs.
const operations: Operation[] = [
  { op: "POST /auth/login", status: 204, prepare: async (base) => ({ body: await issuedSession(base), cookie: null }) },
  { op: "POST /auth/logout", status: 204, prepare: async () => ({ cookie: spare().cookie }) },
  // Ours only: a Teldrive 1.8 server answers 404 here, which clients read as "no extras".
  { op: "GET /capabilities", status: 200 },
  { op: "GET /auth/session", status: 200 },
  { op: "GET /files", status: 200, prepare: async () => ({ query: { path: "//", sort: "name", order: "asc" } }) },
  {
    op: "POST /files",
    status: 201,
    prepare: async () => ({ body: { name: unique("new"), type: "folder", path: "//" } }),
  },
  // Uploading a folder again (to resume it) creates it again: Teldrive answers the existing folder.
  {
    op: "POST /files",
    status: 201,
    prepare: async () => ({ body: { name: (await folder()).name, type: "folder", path: "//" } }),
  },
  { op: "GET /files/categories", status: 200 },
  { op: "POST /files/delete", status: 204, prepare: async () => ({ body: { ids: [(await folder()).id] } }) },
  { op: "POST /files/mkdir", status: 204, prepare: async () => ({ body: { path: `//${unique("a")}//b` } }) },
  {
    op: "POST /files/move",
    status: 204,
    prepare: async () => {
      const dest = await folder();
      return { body: { ids: [(await folder()).id], destinationParent: `//${dest.name}` } };
    },
  },
  { op: "GET /files/{id}", status: 200, prepare: async () => ({ params: { id: (await folder()).id } }) },
  {
    op: "PATCH /files/{id}",
    status: 200,
    prepare: async () => ({ params: { id: (await folder()).id }, body: { name: unique("renamed") } }),
  },
  {
    op: "POST /files/{id}/copy",
    status: 200,
    prepare: async () => {
      const dest = await folder();
      return { params: { id: (await file()).id }, body: { destination: `//${dest.name}` } };
    },
  },
  { op: "DELETE /files/{id}/share", status: 204, prepare: sharedFolder },
  { op: "GET /files/{id}/share", status: 200, prepare: sharedFolder },
  {
    op: "PATCH /files/{id}/share",
    status: 204,
    prepare: async () => ({ ...(await sharedFolder()), body: { password: "new password" } }),
  },
  {
    op: "POST /files/{id}/share",
    status: 201,
    prepare: async () => ({ params: { id: (await folder()).id }, body: {} }),
  },
  {
    op: "GET /files/{id}/{name}",
    status: 200,
    prepare: async () => {
      const f = await file();
      return { params: { id: f.id, name: f.name } };
    },
  },
  // Ours only (`shareList`): the caller's own shares.
  {
    op: "GET /shares",
    status: 200,
    prepare: async () => {
      await sharedFolder();
      return {};
    },
  },
  {
    op: "GET /shares/{id}",
    status: 200,
    prepare: async () => ({ params: { id: await share((await folder()).id) }, cookie: null }),
  },
  {
    op: "GET /shares/{id}/files",
    status: 200,
    prepare: async () => ({ params: { id: await share((await folder()).id) }, query: { path: "//" }, cookie: null }),
  },
  {
    op: "GET /shares/{id}/files/{fileId}/{name}",
    status: 200,
    prepare: async () => {
      const f = await file();
      return { params: { id: await share(f.id), fileId: f.id, name: f.name }, cookie: null };
    },
  },
  {
    op: "POST /shares/{id}/unlock",
    status: 204,
    prepare: async () => ({
      params: { id: await share((await folder()).id, "open sesame") },
      body: { password: "open sesame" },
      cookie: null,
    }),
  },
  // Ours only (capability `jobs`): running a finished import again; one that does not exist is 404.
  { op: "POST /jobs/{id}/retry", status: 404, prepare: async () => ({ params: { id: "999999" } }) },
  // Ours only (capability `stars`).
  { op: "GET /stars", status: 200 },
  { op: "PUT /stars/{id}", status: 204, prepare: async () => ({ params: { id: (await folder()).id }, body: {} }) },
  {
    op: "DELETE /stars/{id}",
    status: 204,
    prepare: async () => {
      const { id } = await folder();
      await api("PUT", `/stars/${id}`, {});
      return { params: { id } };
    },
  },
  // Ours only (capability `fileRequests`): the owner's calls, then an anonymous visitor's through the link.
  { op: "GET /file-requests", status: 200 },
  {
    op: "POST /file-requests",
    status: 201,
    prepare: async () => ({ body: { folderId: (await folder()).id, maxFiles: 3 } }),
  },
  { op: "DELETE /file-requests/{id}", status: 204, prepare: async () => ({ params: { id: await fileRequest() } }) },
  {
    op: "GET /file-requests/{id}",
    status: 200,
    prepare: async () => ({ params: { id: await fileRequest() }, cookie: null }),
  },
  {
    op: "POST /file-requests/{id}/unlock",
    status: 204,
    prepare: async () => ({ params: { id: await fileRequest("pw") }, body: { password: "pw" }, cookie: null }),
  },
  {
    op: "POST /file-requests/{id}/files",
    status: 201,
    prepare: async () => ({
      params: { id: await fileRequest() },
      query: { name: "sent by a visitor.bin" },
      raw: crypto.randomBytes(1000),
      cookie: null,
    }),
  },
  // Ours only (capability `playback`).
  { op: "GET /playback", status: 200 },
  { op: "GET /playback/{id}", status: 200, prepare: async () => ({ params: { id: await watched() } }) },
  {
    op: "PUT /playback/{id}",
    status: 204,
    prepare: async () => ({ params: { id: (await clip()).id }, body: { position: 5, duration: 60 } }),
  },
  { op: "DELETE /playback/{id}", status: 204, prepare: async () => ({ params: { id: await watched() } }) },
  // Ours only (capability `saveShares`): a signed-in visitor saves a share into their drive.
  {
    op: "POST /shares/{id}/save",
    status: 200,
    prepare: async () => ({ params: { id: await share((await file()).id) }, body: {} }),
  },
  // Ours only (capability `thumbnails`).
  {
    op: "GET /thumbnails/{id}",
    status: 200,
    prepare: async () => ({ params: { id: (await picture()).id }, query: { w: "360" } }),
  },
  // Ours only (capability `thumbnails`): a share's pictures for its visitors.
  {
    op: "GET /shares/{id}/thumbnails/{fileId}",
    status: 200,
    prepare: async () => {
      const p = await picture();
      return { params: { id: await share(p.id), fileId: p.id }, query: { w: "360" }, cookie: null };
    },
  },
  // Ours only (capability `trash`).
  { op: "GET /trash", status: 200, prepare: async () => ({ query: { page: "1", limit: "10" } }) },
  { op: "POST /trash/restore", status: 200, prepare: async () => ({ body: { ids: [await trashed()] } }) },
  { op: "POST /trash/delete", status: 204, prepare: async () => ({ body: { ids: [await trashed()] } }) },
  { op: "POST /trash/empty", status: 204 },
  { op: "GET /uploads/stats", status: 200, prepare: async () => ({ query: { days: "7" } }) },
  {
    op: "POST /uploads/{id}",
    status: 200,
    prepare: async () => ({
      params: { id: crypto.randomUUID() },
      query: { partName: "a.bin", fileName: "a.bin", partNo: "1" },
      raw: crypto.randomBytes(1000),
    }),
  },
  { op: "GET /uploads/{id}", status: 200, prepare: async () => ({ params: { id: crypto.randomUUID() } }) },
  { op: "DELETE /uploads/{id}", status: 204, prepare: async () => ({ params: { id: crypto.randomUUID() } }) },
  { op: "POST /users/bots", status: 204, prepare: async () => ({ body: { bots: [`1234567890:${"b".repeat(35)}`] } }) },
  { op: "DELETE /users/bots", status: 204 },
  { op: "GET /users/channels", status: 200 },
  { op: "POST /users/channels", status: 201, prepare: async () => ({ body: { channelName: unique("channel") } }) },
  {
    op: "PATCH /users/channels",
    status: 204,
    prepare: async () => ({ body: { channelId: await channel(), channelName: unique("renamed") } }),
  },
  { op: "PATCH /users/channels/sync", status: 204 },
  { op: "DELETE /users/channels/{id}", status: 204, prepare: async () => ({ params: { id: await channel() } }) },
  { op: "GET /users/config", status: 200 },
  { op: "GET /users/profile/{name}", status: 200, prepare: async () => ({ params: { name: "profile.jpeg" } }) },
  { op: "GET /users/sessions", status: 200 },
  // Ours only (capability `accountSettings`).
  { op: "GET /users/settings", status: 200 },
  { op: "PATCH /users/settings", status: 200, prepare: async () => ({ body: { encryptFiles: false } }) },
  { op: "DELETE /users/sessions/{id}", status: 204, prepare: async () => ({ params: { id: spare().hash } }) },
  { op: "GET /version", status: 200 },
  // Ours only: the owner's invitations (the seeded user is the server's first account, so its owner).
  { op: "GET /users/invitations", status: 200 },
  { op: "POST /users/invitations", status: 201, prepare: async () => ({ body: { phone: invitee() } }) },
  {
    op: "DELETE /users/invitations/{phone}",
    status: 204,
    prepare: async () => {
      const phone = invitee();
      await api("POST", "/users/invitations", { phone });
      return { params: { phone } };
    },
  },
];

type Shape = "as documented" | "trailing slash" | "doubled slashes";
const SHAPES: Shape[] = ["as documented", "trailing slash", "doubled slashes"];

function urlFor(base: string, template: string, request: Request, shape: Shape): string {
  let route = `/api${template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(request.params?.[name])))}`;
  if (shape === "trailing slash") route += "/";
  if (shape === "doubled slashes") route = route.replaceAll("/", "//");
  const query = request.query ? `?${new URLSearchParams(request.query)}` : "";
  return `${base}${route}${query}`;
}

async function send(base: string, operation: Operation, shape: Shape) {
  const [method = "GET", template = ""] = operation.op.split(" ");
  const request = (await operation.prepare?.(base)) ?? {};
  const session = request.cookie === undefined ? cookie : request.cookie;
  const res = await fetch(urlFor(base, template, request, shape), {
    method,
    headers: {
      // Teldrive's client sets this on every call; part uploads are raw bytes.
      "content-type": request.raw ? "application/octet-stream" : "application/json",
      ...(method === "GET" ? {} : { origin: base }),
      ...(session ? { cookie: session } : {}),
    },
    body: request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
  });
  return { status: res.status, text: await res.text() };
}

const transports = () => [
  { name: "directly", base: server.url },
  { name: "through nginx (X-Forwarded-*)", base: nginx.xForwardedUrl },
  { name: "through nginx (Forwarded)", base: nginx.forwardedUrl },
];

it("covers every operation of docs/openapi.json but the websocket (used by POST /auth/login)", () => {
  const doc = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/openapi.json"), "utf8")) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const documented = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
  );
  const covered = new Set(operations.map((o) => o.op));
  expect(documented.filter((op) => !covered.has(op) && op !== "GET /auth/ws")).toEqual([]);
});

for (const index of [0, 1, 2])
  describe(["directly", "through nginx (X-Forwarded-*)", "through nginx (Forwarded)"][index] ?? "", () => {
    for (const shape of SHAPES)
      it(`answers every operation ${shape}`, async () => {
        const { base } = transports()[index] ?? { base: "" };
        const wrong: string[] = [];
        for (const operation of operations) {
          const { status, text } = await send(base, operation, shape);
          if (status !== operation.status)
            wrong.push(`${operation.op}: ${status} (want ${operation.status}) ${text.slice(0, 160)}`);
        }
        expect(wrong).toEqual([]);
      }, 180_000);
  });

it("refuses a cross-origin write through nginx, so the forwarded host is really checked", async () => {
  const res = await fetch(`${nginx.xForwardedUrl}/api/users/channels`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", origin: "http://evil.example" },
    body: JSON.stringify({ channelName: "nope" }),
  });
  expect(res.status).toBe(403);
});
