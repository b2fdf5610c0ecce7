import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../src/storage/blobs.js";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { signInViaWebsocket } from "./sign-in.js";
import { overwriteStored, partExists } from "./storage-helpers.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type User = Awaited<ReturnType<typeof createUser>>;

function call(
  user: User | { cookie: string } | null,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url: `/api${url}`,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const channels = async (user: User) =>
  (await call(user, "GET", "/users/channels")).json<{ channelName: string; channelId: number }[]>();
const config = async (user: User) =>
  (await call(user, "GET", "/users/config")).json<{ channelId: number; bots: string[] }>();
/** The server's part store (a channel is a folder on disk, a key prefix in S3). */
const store = () => openStore(server.config);

const TOKEN_A = `1234567890:${"A".repeat(35)}`;
const TOKEN_B = `9876543210:abcdefghijklmnopqrstuvwxyz_-0123456`;

describe("every users call needs a session", () => {
  it.each([
    ["GET", "/users/config"],
    ["GET", "/users/channels"],
    ["POST", "/users/channels"],
    ["PATCH", "/users/channels"],
    ["PATCH", "/users/channels/sync"],
    ["DELETE", "/users/channels/1234567890"],
    ["POST", "/users/bots"],
    ["DELETE", "/users/bots"],
    ["GET", "/users/sessions"],
    ["DELETE", "/users/sessions/abc"],
    ["GET", "/users/profile/profile.jpeg"],
  ] as const)("%s %s -> 401", async (method, url) => {
    const res = await call(null, method, url, method === "GET" || method === "DELETE" ? undefined : {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: "missing session" });
  });
});

describe("config and channels", () => {
  it("starts with one selected channel named Drive and no bots", async () => {
    const user = await createUser(server);
    const list = await channels(user);
    expect(list).toEqual([{ channelName: "Drive", channelId: expect.any(Number) }]);
    expect(await config(user)).toEqual({ channelId: list[0]?.channelId, bots: [] });
  });

  it("creates channels (201, with their folder), lists them by name, and selects one", async () => {
    const user = await createUser(server);
    const create = await call(user, "POST", "/users/channels", { channelName: "Archive" });
    expect(create.statusCode).toBe(201);
    expect(create.body).toBe("");
    expect((await call(user, "POST", "/users/channels", { channelName: "  Backups ", channelId: 5 })).statusCode).toBe(
      201,
    );
    const list = await channels(user);
    expect(list.map((c) => c.channelName)).toEqual(["Archive", "Backups", "Drive"]);
    const archive = list[0];
    if (!archive) throw new Error("no Archive channel");
    expect(String(archive.channelId)).toMatch(/^\d{10}$/);
    expect(list[1]?.channelId).not.toBe(5);
    expect(await store().channelExists(archive.channelId)).toBe(true);
    // Creating does not change the default.
    const drive = list.find((c) => c.channelName === "Drive");
    expect((await config(user)).channelId).toBe(drive?.channelId);

    const select = await call(user, "PATCH", "/users/channels", { channelId: archive.channelId });
    expect(select.statusCode).toBe(204);
    expect((await config(user)).channelId).toBe(archive.channelId);

    const rename = await call(user, "PATCH", "/users/channels", {
      channelId: archive.channelId,
      channelName: "Old stuff",
    });
    expect(rename.statusCode).toBe(204);
    expect((await channels(user)).map((c) => c.channelName)).toEqual(["Backups", "Drive", "Old stuff"]);
  });

  it("refuses bad channel bodies with 400", async () => {
    const user = await createUser(server);
    for (const body of [
      {},
      { channelName: "" },
      { channelName: "   " },
      { channelName: 7 },
      { channelName: "x".repeat(129) },
    ]) {
      const res = await call(user, "POST", "/users/channels", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400 });
    }
    for (const body of [{}, { channelName: "x" }, { channelId: "abc" }, { channelId: -1 }]) {
      expect((await call(user, "PATCH", "/users/channels", body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const malformed = await server.app.inject({
      method: "POST",
      url: "/api/users/channels",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      payload: "{",
    });
    expect(malformed.statusCode).toBe(400);
    expect((await call(user, "DELETE", "/users/channels/abc")).statusCode).toBe(400);
  });

  it("keeps other users' channels out of reach (404)", async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const bobChannel = (await channels(bob))[0]?.channelId;
    const select = await call(alice, "PATCH", "/users/channels", { channelId: bobChannel });
    expect(select.statusCode).toBe(404);
    expect(select.json()).toEqual({ code: 404, message: "channel not found" });
    expect((await call(alice, "DELETE", `/users/channels/${bobChannel}`)).statusCode).toBe(404);
    expect((await call(alice, "PATCH", "/users/channels", { channelId: 1111111111 })).statusCode).toBe(404);
    expect((await call(alice, "DELETE", "/users/channels/1111111111")).statusCode).toBe(404);
    expect(await channels(bob)).toHaveLength(1);
    expect((await config(bob)).channelId).toBe(bobChannel);
    expect((await channels(alice)).map((c) => c.channelId)).not.toContain(bobChannel);
  });

  it("deletes an unused channel with its folder and selects another when the default goes", async () => {
    const user = await createUser(server);
    await call(user, "POST", "/users/channels", { channelName: "Spare" });
    const [drive, spare] = [...(await channels(user))].sort((a) => (a.channelName === "Drive" ? -1 : 1));
    if (!drive || !spare) throw new Error("expected two channels");
    const stray = { channelId: spare.channelId, partId: 1 };
    await overwriteStored(store(), stray, Buffer.from("x"));
    await call(user, "PATCH", "/users/channels", { channelId: spare.channelId });
    const res = await call(user, "DELETE", `/users/channels/${spare.channelId}`);
    expect(res.statusCode).toBe(204);
    expect(await store().channelExists(spare.channelId)).toBe(false);
    expect(await partExists(server.config, stray)).toBe(false);
    expect(await channels(user)).toEqual([drive]);
    expect((await config(user)).channelId).toBe(drive.channelId);
  });

  it("refuses to delete a channel that holds files (409)", async () => {
    const user = await createUser(server);
    const channelId = (await config(user)).channelId;
    const [root] = await server.db.query<{ id: string }>(
      "SELECT id FROM files WHERE user_id = $1 AND parent_id IS NULL",
      [user.userId],
    );
    await server.db.query(
      `INSERT INTO files (id, name, type, mime_type, size, user_id, parent_id, parts, channel_id)
       VALUES ($1, 'a.txt', 'file', 'text/plain', 1, $2, $3, '[{"id":1}]', $4)`,
      [uuidv7(), user.userId, root?.id, channelId],
    );
    const res = await call(user, "DELETE", `/users/channels/${channelId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 409,
      message: "the channel still holds files (also in the trash) or uploads; delete them first",
    });
    expect(await channels(user)).toHaveLength(1);
  });

  it("sync recreates channel folders and restores rows for channels the user's files use", async () => {
    const user = await createUser(server);
    const channelId = (await config(user)).channelId;
    await store().deleteChannel(channelId);
    // A channel whose row was lost while the user's files and the folder remain.
    const lost = 2_000_000_001 + (user.userId % 1000);
    await store().ensureChannel(lost);
    const [root] = await server.db.query<{ id: string }>(
      "SELECT id FROM files WHERE user_id = $1 AND parent_id IS NULL",
      [user.userId],
    );
    await server.db.query(
      `INSERT INTO files (id, name, type, mime_type, size, user_id, parent_id, parts, channel_id)
       VALUES ($1, 'b.txt', 'file', 'text/plain', 1, $2, $3, '[{"id":1}]', $4)`,
      [uuidv7(), user.userId, root?.id, lost],
    );
    const res = await call(user, "PATCH", "/users/channels/sync");
    expect(res.statusCode).toBe(204);
    expect(await store().channelExists(channelId)).toBe(true);
    expect(await channels(user)).toEqual([
      { channelName: `Channel ${lost}`, channelId: lost },
      { channelName: "Drive", channelId },
    ]);
    expect((await config(user)).channelId).toBe(channelId);
  });

  it("sync selects a default when none is selected", async () => {
    const user = await createUser(server);
    await server.db.query("UPDATE channels SET selected = false WHERE user_id = $1", [user.userId]);
    expect((await config(user)).channelId).toBe(0);
    await call(user, "PATCH", "/users/channels/sync");
    expect((await config(user)).channelId).toBe((await channels(user))[0]?.channelId);
  });
});

describe("bots", () => {
  it("adds tokens (204), lists them in config, and removes them all", async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    expect((await call(user, "POST", "/users/bots", { bots: [TOKEN_A, TOKEN_B] })).statusCode).toBe(204);
    expect((await call(user, "POST", "/users/bots", { bots: [TOKEN_A] })).statusCode).toBe(204);
    expect((await call(other, "POST", "/users/bots", { bots: [TOKEN_A] })).statusCode).toBe(204);
    expect((await config(user)).bots).toEqual([TOKEN_A, TOKEN_B]);
    const rows = await server.db.query("SELECT bot_id FROM bots WHERE user_id = $1 ORDER BY bot_id", [user.userId]);
    expect(rows).toEqual([{ bot_id: 1234567890 }, { bot_id: 9876543210 }]);
    const remove = await call(user, "DELETE", "/users/bots");
    expect(remove.statusCode).toBe(204);
    expect((await config(user)).bots).toEqual([]);
    expect((await config(other)).bots).toEqual([TOKEN_A]);
  });

  it.each([
    `123456789:${"A".repeat(35)}`,
    `12345678901:${"A".repeat(35)}`,
    `1234567890:${"A".repeat(34)}`,
    `1234567890:${"A".repeat(36)}`,
    `1234567890-${"A".repeat(35)}`,
    `1234567890:${"A".repeat(34)}!`,
    "",
  ])("refuses the token %j with 400 Invalid Token format and stores nothing", async (bad) => {
    const user = await createUser(server);
    const res = await call(user, "POST", "/users/bots", { bots: [TOKEN_A, bad] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: "Invalid Token format" });
    expect((await config(user)).bots).toEqual([]);
  });

  it("refuses bodies that are not a list of tokens", async () => {
    const user = await createUser(server);
    for (const body of [{}, { bots: [] }, { bots: TOKEN_A }, { bots: [42] }]) {
      expect((await call(user, "POST", "/users/bots", body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("sessions", () => {
  it("lists the caller's sessions with the current one marked", async () => {
    const first = await signInViaWebsocket(server, "+15550200001", {
      userAgent: "Mozilla/5.0 (Windows NT 10.0) Firefox/133.0",
    });
    const second = await signInViaWebsocket(server, "+15550200001");
    const res = await call(second, "GET", "/users/sessions");
    expect(res.statusCode).toBe(200);
    const list = res.json<{ hash: string; current: boolean; valid: boolean; appName: string; createdAt: string }[]>();
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.hash === second.hash)).toMatchObject({ current: true, valid: true });
    expect(list.find((s) => s.hash === first.hash)).toMatchObject({
      current: false,
      valid: true,
      appName: "Firefox on Windows",
    });
    for (const s of list) expect(s.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("revokes another session at once: its next call is 401", async () => {
    const keep = await signInViaWebsocket(server, "+15550200002");
    const revoke = await signInViaWebsocket(server, "+15550200002");
    expect((await call(revoke, "GET", "/users/config")).statusCode).toBe(200);
    const res = await call(keep, "DELETE", `/users/sessions/${revoke.hash}`);
    expect(res.statusCode).toBe(204);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect((await call(revoke, "GET", "/users/config")).statusCode).toBe(401);
    expect((await call(revoke, "GET", "/auth/session")).statusCode).toBe(204);
    expect((await call(keep, "GET", "/users/config")).statusCode).toBe(200);
    expect((await call(keep, "GET", "/users/sessions")).json()).toHaveLength(1);
  });

  it("revokes the current session and clears the cookie", async () => {
    const me = await signInViaWebsocket(server, "+15550200003");
    const res = await call(me, "DELETE", `/users/sessions/${me.hash}`);
    expect(res.statusCode).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/access_token=;/);
    expect((await call(me, "GET", "/users/sessions")).statusCode).toBe(401);
  });

  it("cannot delete another user's session or an unknown one (404)", async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const res = await call(alice, "DELETE", `/users/sessions/${bob.hash}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: "session not found" });
    expect((await call(bob, "GET", "/users/config")).statusCode).toBe(200);
    expect((await call(alice, "DELETE", "/users/sessions/does-not-exist")).statusCode).toBe(404);
    expect((await call(alice, "GET", "/users/sessions")).json()).toEqual([
      expect.not.objectContaining({ hash: bob.hash }),
    ]);
  });

  it("marks sessions as not valid once neither their access token nor their refresh token works", async () => {
    const user = await createUser(server);
    const old = await createUser(server);
    const refreshable = await createUser(server);
    await server.db.query(
      "UPDATE sessions SET user_id = $1, expires_at = now() - interval '1 day', refresh_expires_at = now() - interval '1 day' WHERE hash = $2",
      [user.userId, old.hash],
    );
    // Its access token expired, but a refresh (POST /auth/refresh) still gives it a new one.
    await server.db.query("UPDATE sessions SET user_id = $1, expires_at = now() - interval '1 day' WHERE hash = $2", [
      user.userId,
      refreshable.hash,
    ]);
    const list = (await call(user, "GET", "/users/sessions")).json<{ hash: string; valid: boolean }[]>();
    expect(list.find((s) => s.hash === old.hash)?.valid).toBe(false);
    expect(list.find((s) => s.hash === refreshable.hash)?.valid).toBe(true);
    expect(list.find((s) => s.hash === user.hash)?.valid).toBe(true);
  });
});

describe("profile image", () => {
  it("serves an SVG avatar with the initials, an ETag and caching headers", async () => {
    const user = await createUser(server, { name: "Ada Lovelace" });
    const res = await call(user, "GET", "/users/profile/profile.jpeg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["cache-control"]).toBe("private, max-age=86400, must-revalidate");
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.body).toContain(">AL</text>");
    expect(res.body).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    const again = await server.app.inject({
      method: "GET",
      url: "/api/users/profile/anything.png",
      headers: { cookie: user.cookie, "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("differs between users", async () => {
    const a = await createUser(server, { name: "Ada Lovelace" });
    const b = await createUser(server, { name: "Grace Hopper" });
    const ra = await call(a, "GET", "/users/profile/p");
    const rb = await call(b, "GET", "/users/profile/p");
    expect(rb.body).toContain(">GH</text>");
    expect(ra.headers.etag).not.toBe(rb.headers.etag);
  });
});
