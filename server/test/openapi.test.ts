import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { Contract, routesFromTree } from "./openapi-contract.js";
import { SocketReader, signInViaWebsocket, watchLoginCodes } from "./sign-in.js";
import { teldriveMainContract } from "./teldrive-main-contract.js";
import { storeFile } from "./upload-fixtures.js";

// Every response below is checked against docs/openapi.json, so the server and the document cannot drift apart.
const contract = new Contract();
let server: TestServer;
let user: { cookie: string; userId: number; hash: string };
let other: { cookie: string };

beforeAll(async () => {
  server = await startServer({ ENCRYPTION_KEY: "openapi test key" });
  user = await signInViaWebsocket(server, "+15550500001");
  other = await createUser(server);
});
afterAll(() => server.close());

interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  raw?: Buffer;
  cookie?: string | null;
  headers?: Record<string, string>;
}

/** Calls the real server and fails on any difference from the document. */
async function call(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", template: string, opts: CallOptions = {}) {
  const url = `/api${template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(opts.params?.[name])))}`;
  const cookie = opts.cookie === undefined ? user.cookie : opts.cookie;
  const res = await server.app.inject({
    method,
    url,
    query: opts.query,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(opts.raw ? { "content-type": "application/octet-stream" } : {}),
      ...opts.headers,
    },
    ...(opts.raw ? { payload: opts.raw } : opts.body === undefined ? {} : { payload: opts.body as object }),
  });
  expect(
    contract.responseErrors(method, template, res),
    `${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
  ).toEqual([]);
  // A body the server accepted must be one the document allows too.
  if (opts.body !== undefined && res.statusCode < 300)
    expect(contract.requestErrors(method, template, opts.body), `${method} ${url} request body`).toEqual([]);
  return res;
}

it("the validator itself rejects what the document does not allow", () => {
  expect(contract.schemaErrors("ApiVersion", { version: "1" })).not.toEqual([]);
  expect(contract.schemaErrors("UserConfig", { channelId: "1", bots: [] })).not.toEqual([]);
  expect(contract.schemaErrors("Error", { code: 404, message: "not found" })).toEqual([]);
  expect(contract.requestErrors("POST", "/users/bots", { bots: ["not a token"] })).not.toEqual([]);
  expect(contract.requestErrors("POST", "/users/bots", { bots: [`1234567890:${"a".repeat(35)}`] })).toEqual([]);
});

describe("auth", () => {
  it("websocket messages and login", async () => {
    const codes = watchLoginCodes();
    const socket = new SocketReader(await server.app.injectWS("/api/auth/ws"));
    const sent = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: "+15550500002" });
    const { phoneCodeHash } = sent.payload as { phoneCodeHash: string };
    const success = await socket.ask({
      authType: "phone",
      message: "signin",
      phoneNo: "+15550500002",
      phoneCode: codes.code("+15550500002"),
      phoneCodeHash,
    });
    const replies = [
      sent,
      success,
      await socket.ask({ authType: "qr" }),
      await socket.ask({
        authType: "phone",
        message: "signin",
        phoneNo: "+15550500002",
        phoneCode: "1",
        phoneCodeHash,
      }),
    ];
    const again = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: "+15550500002" });
    const hash2 = (again.payload as { phoneCodeHash: string }).phoneCodeHash;
    replies.push(
      again,
      await socket.ask({
        authType: "phone",
        message: "signin",
        phoneNo: "+15550500002",
        phoneCode: "x",
        phoneCodeHash: hash2,
      }),
    );
    codes.restore();
    socket.ws.terminate();
    expect(replies.map((r) => r.message ?? "payload")).toEqual([
      "payload",
      "success",
      expect.stringContaining("QR"),
      expect.any(String),
      "payload",
      "PHONE_CODE_INVALID",
    ]);
    for (const reply of replies)
      expect(contract.schemaErrors("AuthServerMessage", reply), JSON.stringify(reply)).toEqual([]);
    expect(contract.schemaErrors("AuthServerMessage", { type: "auth", payload: { phoneCodeHash: 1 } })).not.toEqual([]);
    expect(contract.schemaErrors("SessionCreate", success.payload)).toEqual([]);
    expect((await call("POST", "/auth/login", { body: success.payload, cookie: null })).statusCode).toBe(204);
    expect((await call("POST", "/auth/login", { body: success.payload, cookie: null })).statusCode).toBe(401);
    expect((await call("POST", "/auth/login", { body: { session: 1 }, cookie: null })).statusCode).toBe(400);
  });

  it("session and logout", async () => {
    expect((await call("GET", "/auth/session")).statusCode).toBe(200);
    expect((await call("GET", "/auth/session", { cookie: null })).statusCode).toBe(204);
    const temp = await createUser(server);
    expect((await call("POST", "/auth/logout", { cookie: temp.cookie })).statusCode).toBe(204);
    expect((await call("POST", "/auth/logout", { cookie: temp.cookie })).statusCode).toBe(401);
  });

  it("version", async () => {
    expect((await call("GET", "/version", { cookie: null })).statusCode).toBe(200);
    expect((await call("GET", "/capabilities", { cookie: null })).statusCode).toBe(200);
  });
});

describe("users", () => {
  it("config, channels, bots", async () => {
    expect((await call("GET", "/users/config")).statusCode).toBe(200);
    expect((await call("GET", "/users/config", { cookie: null })).statusCode).toBe(401);
    expect((await call("POST", "/users/channels", { body: { channelName: "Second" } })).statusCode).toBe(201);
    expect((await call("POST", "/users/channels", { body: {} })).statusCode).toBe(400);
    const list = (await call("GET", "/users/channels")).json<{ channelName: string; channelId: number }[]>();
    const second = list.find((c) => c.channelName === "Second");
    if (!second) throw new Error("channel not created");
    expect((await call("PATCH", "/users/channels", { body: { channelId: 1 } })).statusCode).toBe(404);
    expect((await call("PATCH", "/users/channels/sync")).statusCode).toBe(204);
    expect((await call("DELETE", "/users/channels/{id}", { params: { id: 1 } })).statusCode).toBe(404);
    expect((await call("DELETE", "/users/channels/{id}", { params: { id: second.channelId } })).statusCode).toBe(204);
    const token = `1234567890:${"x".repeat(35)}`;
    expect((await call("POST", "/users/bots", { body: { bots: [token] } })).statusCode).toBe(204);
    expect((await call("POST", "/users/bots", { body: { bots: ["nope"] } })).statusCode).toBe(400);
    expect((await call("DELETE", "/users/bots")).statusCode).toBe(204);
  });

  it("sessions and profile", async () => {
    expect((await call("GET", "/users/sessions")).statusCode).toBe(200);
    const extra = await createUser(server);
    expect((await call("DELETE", "/users/sessions/{id}", { params: { id: extra.hash } })).statusCode).toBe(404);
    expect((await call("DELETE", "/users/sessions/{id}", { params: { id: "unknown" } })).statusCode).toBe(404);
    const res = await call("GET", "/users/profile/{name}", { params: { name: "profile.jpeg" } });
    expect(res.statusCode).toBe(200);
    const again = await call("GET", "/users/profile/{name}", {
      params: { name: "profile.jpeg" },
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe("files, uploads, content and shares", () => {
  const data = crypto.randomBytes(150_000);
  let fileId = "";
  let folderId = "";

  it("folders and listing", async () => {
    expect((await call("POST", "/files/mkdir", { body: { path: "/Docs/Deep" } })).statusCode).toBe(204);
    const folder = await call("POST", "/files", { body: { name: "Photos", type: "folder", path: "/" } });
    expect(folder.statusCode).toBe(201);
    folderId = folder.json<{ id: string }>().id;
    expect(
      (await call("POST", "/files", { body: { name: "Photos", type: "folder", path: "/" } })).statusCode,
    ).toBeLessThan(500);
    expect((await call("POST", "/files", { body: { name: "a/b", type: "folder", path: "/" } })).statusCode).toBe(400);
    expect((await call("GET", "/files", { query: { path: "/", sort: "name", order: "asc" } })).statusCode).toBe(200);
    expect((await call("GET", "/files", { query: { path: "/nowhere" } })).statusCode).toBe(200);
    expect(
      (await call("GET", "/files", { query: { operation: "find", query: "doc", deepSearch: "true", path: "/" } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call("GET", "/files", { query: { operation: "find", query: "(", searchType: "regex" } })).statusCode,
    ).toBe(400);
    expect((await call("GET", "/files", { cookie: null, query: { path: "/" } })).statusCode).toBe(401);
    expect((await call("GET", "/files/{id}", { params: { id: folderId } })).statusCode).toBe(200);
    expect((await call("GET", "/files/{id}", { params: { id: folderId }, cookie: other.cookie })).statusCode).toBe(404);
    expect((await call("GET", "/files/{id}", { params: { id: crypto.randomUUID() } })).statusCode).toBe(404);
  });

  it("uploads and file creation", async () => {
    const uploadId = crypto.randomUUID();
    for (const [i, off] of [0, 100_000].entries()) {
      const res = await call("POST", "/uploads/{id}", {
        params: { id: uploadId },
        query: { partName: `a.bin.part.00${i + 1}`, fileName: "a.bin", partNo: String(i + 1), encrypted: "true" },
        raw: data.subarray(off, off + 100_000),
      });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await call("POST", "/uploads/{id}", { params: { id: uploadId }, query: { fileName: "a.bin" }, raw: data }))
        .statusCode,
    ).toBe(400);
    expect((await call("GET", "/uploads/{id}", { params: { id: uploadId } })).json()).toHaveLength(2);
    const created = await call("POST", "/files", {
      body: {
        name: "a.bin",
        type: "file",
        path: "/Docs",
        size: data.length,
        encrypted: true,
        uploadId,
        mimeType: "application/octet-stream",
      },
    });
    expect(created.statusCode).toBe(201);
    fileId = created.json<{ id: string }>().id;
    expect((await call("DELETE", "/uploads/{id}", { params: { id: uploadId } })).statusCode).toBe(204);
    expect((await call("GET", "/uploads/stats", { query: { days: "7" } })).statusCode).toBe(200);
    expect((await call("GET", "/files/categories")).statusCode).toBe(200);
  });

  it("content", async () => {
    const whole = await call("GET", "/files/{id}/{name}", { params: { id: fileId, name: "a.bin" } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await call("GET", "/files/{id}/{name}", {
      params: { id: fileId, name: "a.bin" },
      headers: { range: "bytes=99990-100009" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(data.subarray(99_990, 100_010))).toBe(true);
    const byHash = await call("GET", "/files/{id}/{name}", {
      params: { id: fileId, name: "a.bin" },
      query: { hash: user.hash },
      cookie: null,
    });
    expect(byHash.statusCode).toBe(200);
    expect(
      (await call("GET", "/files/{id}/{name}", { params: { id: fileId, name: "a.bin" }, cookie: other.cookie }))
        .statusCode,
    ).toBe(404);
  });

  it("thumbnails", async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const image = await storeFile(server, user.cookie, png, { name: "p.png", mimeType: "image/png" });
    const ok = await call("GET", "/thumbnails/{id}", { params: { id: image.id }, query: { w: "360", v: "1" } });
    expect(ok.statusCode).toBe(200);
    const etag = String(ok.headers.etag);
    const fresh = await call("GET", "/thumbnails/{id}", {
      params: { id: image.id },
      query: { w: "360" },
      headers: { "if-none-match": etag },
    });
    expect(fresh.statusCode).toBe(304);
    const get = (query: Record<string, string>, id = fileId) =>
      call("GET", "/thumbnails/{id}", { params: { id }, query });
    expect((await get({ w: "100" }, image.id)).statusCode).toBe(400);
    expect((await get({ w: "360" })).statusCode).toBe(415);
    expect(
      (await call("GET", "/thumbnails/{id}", { params: { id: image.id }, query: { w: "360" }, cookie: other.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call("GET", "/thumbnails/{id}", { params: { id: image.id }, query: { w: "360" }, cookie: null }))
        .statusCode,
    ).toBe(401);
  });

  it("a share's thumbnails", async () => {
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#cc6633" } })
      .png()
      .toBuffer();
    const image = await storeFile(server, user.cookie, png, { name: "shared.png", mimeType: "image/png" });
    expect(
      (await call("POST", "/files/{id}/share", { params: { id: image.id }, body: { password: "pw" } })).statusCode,
    ).toBe(201);
    const shareId = (await call("GET", "/files/{id}/share", { params: { id: image.id } })).json<{ id: string }>().id;
    const thumb = (opts: { fileId?: string; w?: string; headers?: Record<string, string> } = {}) =>
      call("GET", "/shares/{id}/thumbnails/{fileId}", {
        params: { id: shareId, fileId: opts.fileId ?? image.id },
        query: { w: opts.w ?? "360" },
        cookie: null,
        headers: opts.headers,
      });
    expect((await thumb()).statusCode).toBe(401);
    const unlocked = await call("POST", "/shares/{id}/unlock", {
      params: { id: shareId },
      body: { password: "pw" },
      cookie: null,
    });
    const token = unlocked.cookies.find((c) => c.name === "share_token")?.value;
    const cookie = { cookie: `share_token=${token}` };
    const ok = await thumb({ headers: cookie });
    expect(ok.statusCode).toBe(200);
    expect((await thumb({ headers: { ...cookie, "if-none-match": String(ok.headers.etag) } })).statusCode).toBe(304);
    expect((await thumb({ headers: cookie, w: "100" })).statusCode).toBe(400);
    expect((await thumb({ headers: cookie, fileId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await call("DELETE", "/files/{id}/share", { params: { id: image.id } })).statusCode).toBe(204);
  });

  it("rename, move, copy, share, delete", async () => {
    const renamed = await call("PATCH", "/files/{id}", { params: { id: fileId }, body: { name: "b.bin" } });
    expect(renamed.statusCode).toBe(200);
    expect((await call("PATCH", "/files/{id}", { params: { id: fileId }, body: { name: ".." } })).statusCode).toBe(400);
    expect(
      (await call("POST", "/files/move", { body: { ids: [fileId], destinationParent: folderId } })).statusCode,
    ).toBe(204);
    const copy = await call("POST", "/files/{id}/copy", { params: { id: fileId }, body: { destination: "/Docs" } });
    expect(copy.statusCode).toBe(200);

    expect((await call("GET", "/files/{id}/share", { params: { id: folderId } })).statusCode).toBe(404);
    expect(
      (await call("POST", "/files/{id}/share", { params: { id: folderId }, body: { password: "pw" } })).statusCode,
    ).toBe(201);
    const share = await call("GET", "/files/{id}/share", { params: { id: folderId } });
    expect(share.statusCode).toBe(200);
    const shareId = share.json<{ id: string }>().id;
    expect(
      (await call("PATCH", "/files/{id}/share", { params: { id: folderId }, body: { password: "pw2" } })).statusCode,
    ).toBe(204);
    expect((await call("GET", "/shares/{id}", { params: { id: shareId }, cookie: null })).statusCode).toBe(200);
    const mine = await call("GET", "/shares", { query: { page: "1", limit: "10" } });
    expect(mine.json<{ items: { id: string }[] }>().items.map((s) => s.id)).toEqual([shareId]);
    expect((await call("GET", "/shares", { query: { limit: "0" } })).statusCode).toBe(400);
    expect((await call("GET", "/shares", { cookie: null })).statusCode).toBe(401);
    expect(
      (await call("PATCH", "/files/{id}/share", { params: { id: folderId }, body: { expiresAt: null } })).statusCode,
    ).toBe(204);
    expect(
      (await call("POST", "/shares/{id}/unlock", { params: { id: shareId }, body: { password: "bad" }, cookie: null }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect(
      (await call("POST", "/shares/{id}/unlock", { params: { id: shareId }, body: { password: "pw2" }, cookie: null }))
        .statusCode,
    ).toBe(204);
    const auth = `Basic ${Buffer.from(":pw2").toString("base64")}`;
    const listing = await call("GET", "/shares/{id}/files", {
      params: { id: shareId },
      query: { path: "/" },
      cookie: null,
      headers: { authorization: auth },
    });
    expect(listing.statusCode).toBe(200);
    const saved = await call("POST", "/shares/{id}/save", {
      params: { id: shareId },
      body: { destination: "/Saved" },
      headers: { authorization: auth },
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await call("POST", "/shares/{id}/save", { params: { id: shareId }, body: {}, cookie: null })).statusCode,
    ).toBe(401);
    const shared = listing.json<{ items: { id: string; name: string }[] }>().items.find((f) => f.name === "b.bin");
    if (!shared) throw new Error("shared file not listed");
    const content = await call("GET", "/shares/{id}/files/{fileId}/{name}", {
      params: { id: shareId, fileId: shared.id, name: "b.bin" },
      cookie: null,
      headers: { authorization: auth },
    });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(data)).toBe(true);
    expect((await call("GET", "/shares/{id}", { params: { id: crypto.randomUUID() }, cookie: null })).statusCode).toBe(
      404,
    );
    expect((await call("DELETE", "/files/{id}/share", { params: { id: folderId } })).statusCode).toBe(204);

    expect((await call("POST", "/files/delete", { body: { ids: [folderId] } })).statusCode).toBe(204);
    expect((await call("POST", "/files/delete", { body: { ids: [] } })).statusCode).toBe(400);
  });
});

describe("trash", () => {
  it("lists, restores with and without a clash, deletes for good and empties", async () => {
    const file = async (name: string) => {
      const res = await call("POST", "/files", { body: { name, type: "file", path: "/", size: 0 } });
      return res.json<{ id: string }>().id;
    };
    const first = await file("t.txt");
    expect((await call("POST", "/files/delete", { body: { ids: [first] } })).statusCode).toBe(204);
    await file("t.txt");
    const page = await call("GET", "/trash", { query: { page: "1", limit: "10" } });
    expect(page.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toContain(first);
    expect((await call("GET", "/trash", { query: { limit: "0" } })).statusCode).toBe(400);
    expect((await call("GET", "/trash", { cookie: null })).statusCode).toBe(401);
    expect((await call("POST", "/trash/restore", { body: { ids: [first] } })).statusCode).toBe(409);
    const restored = await call("POST", "/trash/restore", { body: { ids: [first], onConflict: "rename" } });
    expect(restored.statusCode).toBe(200);
    expect((await call("POST", "/trash/restore", { body: { ids: [first] } })).statusCode).toBe(404);
    expect((await call("POST", "/trash/restore", { body: { ids: [] } })).statusCode).toBe(400);
    expect((await call("POST", "/trash/restore", { body: { ids: [first] }, cookie: null })).statusCode).toBe(401);
    expect((await call("POST", "/files/delete", { body: { ids: [first] } })).statusCode).toBe(204);
    expect((await call("POST", "/trash/delete", { body: { ids: [first] } })).statusCode).toBe(204);
    expect((await call("POST", "/trash/delete", { body: { ids: [first] } })).statusCode).toBe(404);
    expect((await call("POST", "/trash/delete", { body: { ids: [] } })).statusCode).toBe(400);
    expect((await call("POST", "/trash/delete", { body: { ids: [first] }, cookie: null })).statusCode).toBe(401);
    expect((await call("POST", "/trash/empty")).statusCode).toBe(204);
    expect((await call("POST", "/trash/empty", { cookie: null })).statusCode).toBe(401);
  });
});

describe("invitations", () => {
  it("the owner (the first to sign in) lists, creates and withdraws them; others get 403", async () => {
    expect((await call("GET", "/users/invitations")).statusCode).toBe(200);
    expect((await call("POST", "/users/invitations", { body: { phone: "+15550509001" } })).statusCode).toBe(201);
    expect((await call("POST", "/users/invitations", { body: { phone: "+15550509001" } })).statusCode).toBe(200);
    expect((await call("POST", "/users/invitations", { body: { phone: "+15550500001" } })).statusCode).toBe(409);
    expect((await call("POST", "/users/invitations", { body: { phone: "1" } })).statusCode).toBe(400);
    const list = await call("GET", "/users/invitations");
    expect(list.json()).toEqual([{ phone: "+15550509001", createdAt: expect.any(String) }]);
    expect((await call("GET", "/users/invitations", { cookie: other.cookie })).statusCode).toBe(403);
    expect((await call("GET", "/users/invitations", { cookie: null })).statusCode).toBe(401);
    const phone = { params: { phone: "+15550509001" } };
    expect((await call("DELETE", "/users/invitations/{phone}", { ...phone, cookie: other.cookie })).statusCode).toBe(
      403,
    );
    expect((await call("DELETE", "/users/invitations/{phone}", phone)).statusCode).toBe(204);
    expect((await call("DELETE", "/users/invitations/{phone}", phone)).statusCode).toBe(404);
    expect((await call("DELETE", "/users/invitations/{phone}", { params: { phone: "x" } })).statusCode).toBe(400);
    expect((await call("POST", "/users/invitations", { body: {}, cookie: null })).statusCode).toBe(401);
  });
});

describe("imports (ours beside Teldrive main's /jobs)", () => {
  it("retries only the caller's finished runs", async () => {
    expect((await call("POST", "/jobs/{id}/retry", { params: { id: 999999 } })).statusCode).toBe(404);
    expect((await call("POST", "/jobs/{id}/retry", { params: { id: 1 }, cookie: null })).statusCode).toBe(401);
  });
});

describe("playback positions", () => {
  it("stores, reads, lists and forgets a position of the caller's file", async () => {
    const created = await call("POST", "/files", {
      body: { name: "clip.mp4", type: "file", path: "/", mimeType: "video/mp4", size: 0 },
    });
    const id = { params: { id: (created.json() as { id: string }).id } };
    expect((await call("GET", "/playback/{id}", id)).statusCode).toBe(404);
    expect((await call("PUT", "/playback/{id}", { ...id, body: { position: 12.5, duration: 60 } })).statusCode).toBe(
      204,
    );
    expect((await call("PUT", "/playback/{id}", { ...id, body: { position: 61, duration: 60 } })).statusCode).toBe(400);
    expect(
      (await call("PUT", "/playback/{id}", { ...id, body: { position: 1, duration: 60 }, cookie: other.cookie }))
        .statusCode,
    ).toBe(404);
    expect((await call("GET", "/playback/{id}", id)).json()).toMatchObject({ position: 12.5, duration: 60 });
    expect((await call("GET", "/playback", { query: { limit: "5" } })).statusCode).toBe(200);
    expect((await call("GET", "/playback", { query: { limit: "0" } })).statusCode).toBe(400);
    expect((await call("GET", "/playback", { cookie: null })).statusCode).toBe(401);
    expect((await call("GET", "/playback/{id}", { params: { id: "x" } })).statusCode).toBe(400);
    expect((await call("DELETE", "/playback/{id}", id)).statusCode).toBe(204);
    expect((await call("DELETE", "/playback/{id}", { params: { id: "x" } })).statusCode).toBe(400);
    expect((await call("GET", "/playback/{id}", id)).statusCode).toBe(404);
  });
});

describe("account settings", () => {
  it("reads and changes the caller's own, refusing unknown fields", async () => {
    expect((await call("GET", "/users/settings")).json()).toEqual({ encryptFiles: null });
    expect((await call("PATCH", "/users/settings", { body: { encryptFiles: true } })).json()).toEqual({
      encryptFiles: true,
    });
    expect((await call("GET", "/users/settings", { cookie: other.cookie })).json()).toEqual({ encryptFiles: null });
    expect((await call("PATCH", "/users/settings", { body: { encryptFiles: null } })).json()).toEqual({
      encryptFiles: null,
    });
    expect((await call("PATCH", "/users/settings", { body: { theme: "dark" } })).statusCode).toBe(400);
    expect((await call("PATCH", "/users/settings", { body: {}, cookie: null })).statusCode).toBe(401);
    expect((await call("GET", "/users/settings", { cookie: null })).statusCode).toBe(401);
  });
});

describe("WebDAV locks seen by the JSON API", () => {
  it("answers 423 with the documented error while a lock covers the item", async () => {
    const created = await call("POST", "/files", { body: { name: "locked.txt", type: "file", path: "/", size: 0 } });
    const { id } = created.json() as { id: string };
    await server.db.query(
      `INSERT INTO webdav_locks (token, user_id, path, deep, exclusive, timeout_seconds, expires_at)
       VALUES ('opaquelocktoken:openapi', $1, '/locked.txt', false, true, 600, now() + interval '10 minutes')`,
      [user.userId],
    );
    const refused = await call("PATCH", "/files/{id}", { params: { id }, body: { name: "free.txt" } });
    expect(refused.statusCode).toBe(423);
    expect((await call("POST", "/files/move", { body: { ids: [id], destinationParent: "/" } })).statusCode).toBe(423);
    expect((await call("POST", "/files/delete", { body: { ids: [id] } })).statusCode).toBe(423);
    expect(
      (await call("POST", "/files", { body: { name: "locked.txt", type: "file", path: "/", size: 0 } })).statusCode,
    ).toBe(423);
    await server.db.query("DELETE FROM webdav_locks WHERE token = 'opaquelocktoken:openapi'");
    expect((await call("PATCH", "/files/{id}", { params: { id }, body: { name: "free.txt" } })).statusCode).toBe(200);
  });
});

describe("stars", () => {
  it("stars the caller's item, lists it, and takes the star off; someone else's item is 404", async () => {
    const created = await call("POST", "/files", { body: { name: "Starred folder", type: "folder", path: "/" } });
    const id = { params: { id: (created.json() as { id: string }).id } };
    expect((await call("PUT", "/stars/{id}", id)).statusCode).toBe(204);
    expect((await call("PUT", "/stars/{id}", { ...id, cookie: other.cookie })).statusCode).toBe(404);
    const listed = await call("GET", "/stars");
    expect((listed.json() as { items: { name: string }[] }).items.map((f) => f.name)).toContain("Starred folder");
    expect((await call("GET", "/stars", { cookie: null })).statusCode).toBe(401);
    expect((await call("DELETE", "/stars/{id}", id)).statusCode).toBe(204);
    expect((await call("DELETE", "/stars/{id}", { ...id, cookie: other.cookie })).statusCode).toBe(404);
  });
});

describe("file requests", () => {
  it("makes, lists and revokes a request; anyone with the link reads it, unlocks it and uploads into it", async () => {
    const folder = await call("POST", "/files", { body: { name: "Requested", type: "folder", path: "/" } });
    const folderId = (folder.json() as { id: string }).id;
    const body = { folderId, title: "Drop here", password: "pw", maxFileSize: 100, maxFiles: 2 };
    const made = await call("POST", "/file-requests", { body });
    expect(made.statusCode).toBe(201);
    const id = { params: { id: (made.json() as { id: string }).id } };
    expect((await call("POST", "/file-requests", { body: { folderId }, cookie: other.cookie })).statusCode).toBe(404);
    expect((await call("POST", "/file-requests", { body: { folderId }, cookie: null })).statusCode).toBe(401);
    expect((await call("POST", "/file-requests", { body: { folderId: 1 } })).statusCode).toBe(400);
    expect((await call("GET", "/file-requests")).statusCode).toBe(200);
    expect((await call("GET", "/file-requests", { cookie: null })).statusCode).toBe(401);

    expect((await call("GET", "/file-requests/{id}", { ...id, cookie: null })).statusCode).toBe(200);
    expect((await call("GET", "/file-requests/{id}", { params: { id: crypto.randomUUID() } })).statusCode).toBe(404);
    const unlock = (password: string) =>
      call("POST", "/file-requests/{id}/unlock", { ...id, body: { password }, cookie: null });
    expect((await unlock("wrong")).statusCode).toBe(401);
    const unlocked = await unlock("pw");
    expect(unlocked.statusCode).toBe(204);
    const token = unlocked.cookies.find((c) => c.name === "request_token")?.value;
    const send = (name: string, raw: Buffer, cookie: string | null = `request_token=${token}`) =>
      call("POST", "/file-requests/{id}/files", { ...id, query: { name }, raw, cookie });
    expect((await send("a.txt", Buffer.from("a"), null)).statusCode).toBe(401);
    expect((await send("../a.txt", Buffer.from("a"))).statusCode).toBe(400);
    expect((await send("big.bin", Buffer.alloc(101))).statusCode).toBe(413);
    expect((await send("a.txt", Buffer.from("a"))).statusCode).toBe(201);
    expect((await send("a.txt", Buffer.from("b"))).json()).toEqual({ name: "a (1).txt", size: 1 });
    expect((await send("c.txt", Buffer.from("c"))).statusCode).toBe(409);

    expect((await call("DELETE", "/file-requests/{id}", { ...id, cookie: other.cookie })).statusCode).toBe(404);
    expect((await call("DELETE", "/file-requests/{id}", { ...id, cookie: null })).statusCode).toBe(401);
    expect((await call("DELETE", "/file-requests/{id}", id)).statusCode).toBe(204);
    expect((await unlock("pw")).statusCode).toBe(404);
    expect((await send("d.txt", Buffer.from("d"))).statusCode).toBe(404);

    const expiring = await call("POST", "/file-requests", {
      body: { folderId, expiresAt: new Date(Date.now() + 60_000).toISOString() },
    });
    const expiringId = (expiring.json() as { id: string }).id;
    await server.db.query("UPDATE file_requests SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expiringId,
    ]);
    const gone = { params: { id: expiringId }, cookie: null };
    expect((await call("GET", "/file-requests/{id}", gone)).statusCode).toBe(410);
    expect((await call("POST", "/file-requests/{id}/unlock", { ...gone, body: { password: "x" } })).statusCode).toBe(
      410,
    );
    expect(
      (await call("POST", "/file-requests/{id}/files", { ...gone, query: { name: "x" }, raw: Buffer.from("x") }))
        .statusCode,
    ).toBe(410);
  });
});

it("covered every operation of the document except the websocket", () => {
  const all = Object.entries(contract.doc.paths).flatMap(([p, item]) =>
    Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
  );
  expect(all.filter((op) => !contract.covered.has(op) && op !== "GET /auth/ws")).toEqual([]);
});

it("documents every route the server has", () => {
  const routes = routesFromTree(server.app.printRoutes({ commonPrefix: false }));
  expect(routes).toContain("GET /files/{id}/{name}");
  expect(routes).toContain("GET /shares/{id}/files/{fileId}/{name}");
  // Ours (docs/openapi.json) or Teldrive main's (../shared/api/teldrive-main-openapi.yaml, checked by api-b.test.ts).
  const documented = new Set(
    [contract.doc, teldriveMainContract().doc].flatMap((doc) =>
      Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`)),
    ),
  );
  expect(routes.filter((r) => !documented.has(r))).toEqual([]);
});
