import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setPassword } from "../src/auth/accounts.js";
import { QR_UNAVAILABLE } from "../src/auth/sign-in-flow.js";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { cookieFrom, SocketReader, signInViaWebsocket, signin, watchLoginCodes, wrongCode } from "./sign-in.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

async function openSocket(s: TestServer = server) {
  const ws = await s.app.injectWS("/api/auth/ws");
  return new SocketReader(ws);
}

/** Opens a socket and asks for a code; returns the socket, the printed code and the phoneCodeHash. */
async function requestCode(phone: string, s: TestServer = server) {
  const codes = watchLoginCodes();
  try {
    const socket = await openSocket(s);
    const answer = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone });
    const payload = answer.payload as { phoneCodeHash: string };
    return { socket, code: codes.code(phone), phoneCodeHash: payload.phoneCodeHash, answer };
  } finally {
    codes.restore();
  }
}

describe("sign-in over the websocket", () => {
  it("signs a new user in with the printed code and creates the account, root folder and channel", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const socket = await openSocket();
    const sent = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: "+15550100001" });
    expect(sent).toEqual({ type: "auth", payload: { phoneCodeHash: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]?.[0]);
    expect(line).toMatch(/^login code for \+15550100001: \d{8}$/);
    log.mockRestore();
    const code = line.slice(-8);
    const { phoneCodeHash } = sent.payload as { phoneCodeHash: string };
    const success = await socket.ask(signin("+15550100001", code, phoneCodeHash));
    socket.ws.terminate();
    expect(success).toMatchObject({
      type: "auth",
      message: "success",
      payload: {
        name: "+15550100001",
        userName: "15550100001",
        isPremium: false,
        hash: "",
        session: expect.any(String),
      },
    });
    const payload = success.payload as { userId: number; expires: string };
    expect(payload.userId).toBeGreaterThan(0);
    expect(payload.expires).toBe("0001-01-01T00:00:00Z");

    const res = await server.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload,
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36" },
    });
    expect(res.statusCode).toBe(204);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    const cookie = cookieFrom(res.headers["set-cookie"]);

    const session = await server.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({
      name: "+15550100001",
      userName: "15550100001",
      userId: payload.userId,
      isPremium: false,
      hash: expect.stringMatching(/^[0-9a-f]{32}$/),
      sessionId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    const sessions = await server.app.inject({ method: "GET", url: "/api/users/sessions", headers: { cookie } });
    expect(sessions.json()).toEqual([expect.objectContaining({ appName: "Chrome on Linux", current: true })]);
    const root = await server.db.query("SELECT id FROM files WHERE user_id = $1 AND parent_id IS NULL", [
      payload.userId,
    ]);
    expect(root).toHaveLength(1);
    const config = await server.app.inject({ method: "GET", url: "/api/users/config", headers: { cookie } });
    expect(config.json<{ channelId: number }>().channelId).toBeGreaterThan(0);
  });

  it("treats spaced and 00-prefixed numbers as the same account", async () => {
    const a = await signInViaWebsocket(server, "+44 20 7946 0018");
    const b = await signInViaWebsocket(server, "00442079460018");
    expect(b.userId).toBe(a.userId);
    expect(b.hash).not.toBe(a.hash);
    const users = await server.db.query("SELECT phone FROM users WHERE user_id = $1", [a.userId]);
    expect(users).toEqual([{ phone: "+442079460018" }]);
  });

  it("refuses an invalid phone number without printing a code", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const socket = await openSocket();
    for (const phoneNo of ["12345", "+1234", "hello", "+0123456789", ""]) {
      expect(await socket.ask({ authType: "phone", message: "sendcode", phoneNo })).toEqual({
        type: "error",
        message: "invalid phone number: use the international format, e.g. +15551234567",
      });
    }
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
    socket.ws.terminate();
  });

  it("answers PHONE_CODE_INVALID four times, ends the attempt on the fifth wrong code", async () => {
    const phone = "+15550100002";
    const { socket, code, phoneCodeHash } = await requestCode(phone);
    for (let i = 0; i < 4; i++) {
      expect(await socket.ask(signin(phone, wrongCode(code), phoneCodeHash))).toEqual({
        type: "auth",
        message: "PHONE_CODE_INVALID",
      });
    }
    expect(await socket.ask(signin(phone, wrongCode(code), phoneCodeHash))).toEqual({
      type: "error",
      message: "too many wrong codes; request a new code",
    });
    // The right code no longer works either.
    expect(await socket.ask(signin(phone, code, phoneCodeHash))).toMatchObject({ type: "error" });
    socket.ws.terminate();
    expect(await server.db.query("SELECT 1 FROM users WHERE phone = $1", [phone])).toHaveLength(0);
  });

  it("refuses a code after five minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const phone = "+15550100003";
    const { socket, code, phoneCodeHash } = await requestCode(phone);
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    expect(await socket.ask(signin(phone, code, phoneCodeHash))).toEqual({
      type: "error",
      message: "the code has expired; request a new code",
    });
    socket.ws.terminate();
  });

  it("accepts a code just before it expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const phone = "+15550100004";
    const { socket, code, phoneCodeHash } = await requestCode(phone);
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 - 1000);
    expect(await socket.ask(signin(phone, code, phoneCodeHash))).toMatchObject({ message: "success" });
    socket.ws.terminate();
  });

  it("refuses a code sent for another phone or with another phoneCodeHash", async () => {
    const phone = "+15550100005";
    const { socket, code, phoneCodeHash } = await requestCode(phone);
    expect(await socket.ask(signin("+15550100006", code, phoneCodeHash))).toEqual({
      type: "error",
      message: "no code was sent for this phone number; request a new code",
    });
    expect(await socket.ask(signin(phone, code, "0".repeat(32)))).toMatchObject({ type: "error" });
    // Another connection (a client reconnected through another instance) may go on with the code; its wrong
    // guesses count with this connection's.
    const other = await openSocket();
    expect(await other.ask(signin(phone, wrongCode(code), phoneCodeHash))).toEqual({
      type: "auth",
      message: "PHONE_CODE_INVALID",
    });
    other.ws.terminate();
    expect(await socket.ask(signin(phone, code, phoneCodeHash))).toMatchObject({ message: "success" });
    socket.ws.terminate();
  });

  it("asks for the 2FA password and checks it", async () => {
    const phone = "+15550100007";
    await setPassword(server.db, phone, "correct horse");
    const { socket, code, phoneCodeHash } = await requestCode(phone);
    expect(await socket.ask(signin(phone, code, phoneCodeHash))).toEqual({ type: "auth", message: "2FA required" });
    expect(await socket.ask({ authType: "2fa", password: "wrong" })).toEqual({
      type: "error",
      message: "invalid password",
    });
    // An empty password is ignored (no answer), as in Teldrive; the next answer is for the right password.
    socket.send({ authType: "2fa", password: "" });
    expect(await socket.ask({ authType: "2fa", password: "correct horse" })).toMatchObject({
      type: "auth",
      message: "success",
    });
    socket.ws.terminate();
    await expect(signInViaWebsocket(server, phone, { password: "correct horse" })).resolves.toMatchObject({
      cookie: expect.stringMatching(/^access_token=/),
    });
  });

  it("ends a 2FA attempt after five wrong passwords", async () => {
    const phone = "+15550100008";
    await setPassword(server.db, phone, "secret");
    const { socket, code, phoneCodeHash } = await requestCode(phone);
    await socket.ask(signin(phone, code, phoneCodeHash));
    for (let i = 0; i < 4; i++) {
      expect(await socket.ask({ authType: "2fa", password: `guess${i}` })).toEqual({
        type: "error",
        message: "invalid password",
      });
    }
    expect(await socket.ask({ authType: "2fa", password: "guess5" })).toEqual({
      type: "error",
      message: "too many wrong passwords; sign in again",
    });
    expect(await socket.ask({ authType: "2fa", password: "secret" })).toMatchObject({ type: "error" });
    socket.ws.terminate();
  });

  it("refuses a password before any code was checked", async () => {
    const socket = await openSocket();
    expect(await socket.ask({ authType: "2fa", password: "x" })).toEqual({
      type: "error",
      message: "no sign-in is waiting for a password; sign in with your phone number first",
    });
    socket.ws.terminate();
  });

  it("limits code requests per phone number and address over all connections, for 15 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const phone = "+15550100020";
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    for (let i = 0; i < 5; i++) {
      const socket = await openSocket();
      expect(await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone })).toMatchObject({
        type: "auth",
      });
      socket.ws.terminate();
    }
    const socket = await openSocket();
    expect(await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone })).toEqual({
      type: "error",
      message: "too many codes requested for this number; try again later",
    });
    expect(log).toHaveBeenCalledTimes(5);
    // Other numbers are not affected.
    expect(await socket.ask({ authType: "phone", message: "sendcode", phoneNo: "+15550100021" })).toMatchObject({
      type: "auth",
    });
    vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1000);
    expect(await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone })).toMatchObject({
      type: "auth",
    });
    log.mockRestore();
    socket.ws.terminate();
  });

  it("explains that QR sign-in is not available", async () => {
    const socket = await openSocket();
    expect(await socket.ask({ authType: "qr" })).toEqual({ type: "error", message: QR_UNAVAILABLE });
    expect(QR_UNAVAILABLE).toBe("QR sign-in is not available on this server; sign in with your phone number");
    socket.ws.terminate();
  });

  it("answers malformed socket messages with an error and keeps the connection usable", async () => {
    const socket = await openSocket();
    expect(await socket.ask("{not json")).toEqual({ type: "error", message: "invalid message: not JSON" });
    expect(await socket.ask({ authType: "telepathy" })).toMatchObject({ type: "error" });
    expect(await socket.ask({ authType: "phone", message: "dance" })).toMatchObject({ type: "error" });
    expect(await socket.ask({ authType: "2fa", password: "x".repeat(5000) })).toEqual({
      type: "error",
      message: "invalid message: too large",
    });
    expect(await socket.ask({ authType: "qr" })).toMatchObject({ type: "error", message: QR_UNAVAILABLE });
    socket.ws.terminate();
  });
});

describe("ALLOWED_PHONES", () => {
  let restricted: TestServer;
  beforeAll(async () => {
    restricted = await startServer({ ALLOWED_PHONES: "+15550109999, +44 7700 900123" });
  });
  afterAll(() => restricted.close());

  it("refuses other phones without printing a code", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const socket = await openSocket(restricted);
    expect(await socket.ask({ authType: "phone", message: "sendcode", phoneNo: "+15550100010" })).toEqual({
      type: "error",
      message: "user not allowed",
    });
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
    socket.ws.terminate();
  });

  it("lets listed phones in, whatever their spacing", async () => {
    await expect(signInViaWebsocket(restricted, "+15550109999")).resolves.toBeTruthy();
    await expect(signInViaWebsocket(restricted, "+447700900123")).resolves.toBeTruthy();
  });
});

describe("POST /api/auth/login", () => {
  const forged = {
    name: "Mallory",
    userName: "mallory",
    userId: 42,
    isPremium: false,
    hash: "",
    expires: "0001-01-01T00:00:00Z",
    session: "1AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  };

  async function successPayload(phone: string) {
    const { socket, code, phoneCodeHash } = await requestCode(phone);
    const answer = await socket.ask(signin(phone, code, phoneCodeHash));
    socket.ws.terminate();
    return answer.payload as typeof forged;
  }

  it("refuses a session the websocket never issued", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/auth/login", payload: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: "invalid or expired sign-in session; sign in again" });
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("accepts an issued session once only", async () => {
    const payload = await successPayload("+15550100011");
    const first = await server.app.inject({ method: "POST", url: "/api/auth/login", payload });
    expect(first.statusCode).toBe(204);
    const again = await server.app.inject({ method: "POST", url: "/api/auth/login", payload });
    expect(again.statusCode).toBe(401);
  });

  it("refuses an issued session presented for another user id", async () => {
    const payload = await successPayload("+15550100012");
    const res = await server.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { ...payload, userId: payload.userId + 1 },
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses an issued session after five minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const payload = await successPayload("+15550100013");
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    const res = await server.app.inject({ method: "POST", url: "/api/auth/login", payload });
    expect(res.statusCode).toBe(401);
  });

  it("answers malformed JSON with 400", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"session": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message: expect.any(String) });
  });

  it("requires the five fields both generations send (hash and expires only 1.8's), with the right types", async () => {
    for (const field of ["name", "userName", "userId", "isPremium", "session"] as const) {
      const { [field]: _dropped, ...rest } = forged;
      const res = await server.app.inject({ method: "POST", url: "/api/auth/login", payload: rest });
      expect(res.statusCode, field).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(field);
    }
    for (const bad of [{ userId: 0 }, { userId: "42" }, { isPremium: "no" }, { expires: "yesterday" }]) {
      const res = await server.app.inject({ method: "POST", url: "/api/auth/login", payload: { ...forged, ...bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe("GET /api/auth/session and POST /api/auth/logout", () => {
  it("answers 204 without a cookie or with an unknown one or bearer token", async () => {
    for (const headers of [{}, { authorization: "Bearer nonsense" }, { cookie: "access_token=nonsense" }]) {
      const res = await server.app.inject({ method: "GET", url: "/api/auth/session", headers });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe("");
    }
  });

  it("logs out: the session row is gone, the cookie is cleared, and the old cookie is refused at once", async () => {
    const { cookie, hash } = await signInViaWebsocket(server, "+15550100014");
    const res = await server.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/access_token=;.*Max-Age=0/);
    expect(await server.db.query("SELECT 1 FROM sessions WHERE hash = $1", [hash])).toHaveLength(0);
    const session = await server.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(session.statusCode).toBe(204);
    const config = await server.app.inject({ method: "GET", url: "/api/users/config", headers: { cookie } });
    expect(config.statusCode).toBe(401);
    const again = await server.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 401 });
  });

  it("logs out with a bearer token too", async () => {
    const user = await createUser(server);
    const res = await server.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(204);
    expect(await server.db.query("SELECT 1 FROM sessions WHERE hash = $1", [user.hash])).toHaveLength(0);
  });

  it("refuses an expired session", async () => {
    const user = await createUser(server);
    await server.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE hash = $1", [user.hash]);
    const session = await server.app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: user.cookie },
    });
    expect(session.statusCode).toBe(204);
  });
});
