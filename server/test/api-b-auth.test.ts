import crypto from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { setPassword } from "../src/auth/accounts.js";
import { checkBasicApiKey } from "../src/auth/api-keys.js";
import { ATTEMPT_EXPIRED } from "../src/auth/attempts.js";
import { QR_UNAVAILABLE, SIGN_UP_CLOSED } from "../src/auth/sign-in-flow.js";
import { create, type FileJson, partsOf } from "./files-api.js";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { signInViaWebsocket, watchLoginCodes, wrongCode } from "./sign-in.js";
import { teldriveMainContract } from "./teldrive-main-contract.js";

/**
 * Teldrive main's sign-in and API keys (API-B): auth attempts (on the websocket's own rules and budgets), rotating
 * refresh tokens, `sessionId` and `?sid=`, and `X-Api-Key`. Every API-B answer is validated against
 * ../shared/api/teldrive-main-openapi.yaml. Keys seen by a second instance: multi-instance.test.ts.
 */

const contract = teldriveMainContract();
/** Open sign-up, limits lifted (the test default). */
let server: TestServer;
/** The defaults: closed sign-up, the default per-address budgets. */
let strict: TestServer;
let codes: ReturnType<typeof watchLoginCodes>;

beforeAll(async () => {
  server = await startServer();
  strict = await startServer({ SIGN_UP: "closed", SIGN_IN_CODES_PER_ADDRESS: "", SIGN_IN_WRONG_CODES_PER_ADDRESS: "" });
  codes = watchLoginCodes();
});
afterAll(async () => {
  codes.restore();
  await server.close();
  await strict.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Method = "GET" | "HEAD" | "POST" | "PATCH" | "DELETE";

/** Calls an API-B operation (`template` in Teldrive main's document) and fails on anything the document disallows. */
async function b(
  method: Method,
  template: string,
  url: string,
  opts: { body?: unknown; headers?: Record<string, string>; srv?: TestServer; from?: string } = {},
): Promise<LightMyRequestResponse> {
  if (opts.body !== undefined) expect(contract.requestErrors(method, template, opts.body), url).toEqual([]);
  const res = await (opts.srv ?? server).app.inject({
    method,
    url: `/api${url}`,
    headers: opts.headers ?? {},
    ...(opts.from ? { remoteAddress: opts.from } : {}),
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
  expect(contract.responseErrors(method, template, res), `${method} ${url} -> ${res.statusCode} ${res.body}`).toEqual(
    [],
  );
  return res;
}

interface Attempt {
  id: string;
  authType: string;
  state: string;
  phoneCodeHash?: string;
  message?: string;
  session?: { name: string; userName: string; userId: number; isPremium: boolean; session: string };
}

let phones = 0;
const freshPhone = () => `+1555031${String(phones++).padStart(4, "0")}`;

const newAttempt = async (opts: { srv?: TestServer; from?: string; phoneNo?: string } = {}) => {
  const res = await b("POST", "/auth/attempts", "/auth/attempts", {
    ...opts,
    body: { authType: "phone", ...(opts.phoneNo ? { phoneNo: opts.phoneNo } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Attempt>();
};
const poll = async (id: string, opts: { srv?: TestServer } = {}) =>
  (await b("GET", "/auth/attempts/{id}", `/auth/attempts/${id}`, opts)).json<Attempt>();
const sendCode = (id: string, phoneNo: string, opts: { srv?: TestServer; from?: string } = {}) =>
  b("POST", "/auth/attempts/{id}/phone/send-code", `/auth/attempts/${id}/phone/send-code`, {
    ...opts,
    body: { phoneNo },
  });
const signIn = (
  id: string,
  body: { phoneNo: string; phoneCode: string; phoneCodeHash: string },
  opts: { srv?: TestServer; from?: string } = {},
) => b("POST", "/auth/attempts/{id}/phone/sign-in", `/auth/attempts/${id}/phone/sign-in`, { ...opts, body });
const password = (id: string, pw: string, opts: { srv?: TestServer } = {}) =>
  b("POST", "/auth/attempts/{id}/password", `/auth/attempts/${id}/password`, { ...opts, body: { password: pw } });

/** The cookies a response sets: name -> the whole Set-Cookie line. */
function setCookies(res: LightMyRequestResponse): Record<string, string> {
  const header = res.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf("=")), l]));
}
const pair = (line: string | undefined) => {
  if (!line) throw new Error("no such cookie");
  return line.slice(0, line.indexOf(";"));
};

/** The whole attempt flow to a signed-in session: `access_token=…` and `refresh_token=…` pairs. */
async function signInByAttempt(phone: string, opts: { password?: string; srv?: TestServer } = {}) {
  const attempt = await newAttempt({ srv: opts.srv });
  expect((await sendCode(attempt.id, phone, opts)).statusCode).toBe(204);
  const sent = await poll(attempt.id, opts);
  expect(sent).toMatchObject({ id: attempt.id, authType: "phone", state: "code_sent" });
  const phoneCodeHash = sent.phoneCodeHash ?? "";
  expect(
    (await signIn(attempt.id, { phoneNo: phone, phoneCode: codes.code(phone), phoneCodeHash }, opts)).statusCode,
  ).toBe(204);
  let state = await poll(attempt.id, opts);
  if (opts.password) {
    expect(state).toMatchObject({ state: "password_required", message: "2FA required" });
    expect((await password(attempt.id, opts.password, opts)).statusCode).toBe(204);
    state = await poll(attempt.id, opts);
  }
  expect(state).toMatchObject({ state: "authenticated", session: { session: expect.any(String) } });
  const login = await b("POST", "/auth/login", "/auth/login", { ...opts, body: state.session });
  expect(login.statusCode, login.body).toBe(204);
  const cookies = setCookies(login);
  return { attempt: state, cookies, access: pair(cookies.access_token), refresh: pair(cookies.refresh_token) };
}

const sessionOf = async (headers: Record<string, string>, srv?: TestServer) =>
  b("GET", "/auth/session", "/auth/session", { headers, srv });

describe("sign-in attempts", () => {
  it("signs in end to end: create, send the code, a wrong code, the right one, login; the session names its id", async () => {
    const phone = freshPhone();
    const attempt = await newAttempt();
    expect(attempt).toEqual({ id: expect.any(String), authType: "phone", state: "created" });
    expect(await poll(attempt.id)).toEqual(attempt);
    await sendCode(attempt.id, phone);
    const sent = await poll(attempt.id);
    expect(sent).toEqual({ id: attempt.id, authType: "phone", state: "code_sent", phoneCodeHash: expect.any(String) });
    const phoneCodeHash = sent.phoneCodeHash ?? "";
    const code = codes.code(phone);
    expect(code).toMatch(/^\d{8}$/);

    await signIn(attempt.id, { phoneNo: phone, phoneCode: wrongCode(code), phoneCodeHash });
    expect(await poll(attempt.id)).toMatchObject({ state: "failed", message: "PHONE_CODE_INVALID", phoneCodeHash });
    // A wrong code leaves the code usable, as on the websocket.
    await signIn(attempt.id, { phoneNo: phone, phoneCode: code, phoneCodeHash });
    const done = await poll(attempt.id);
    expect(done).toEqual({
      id: attempt.id,
      authType: "phone",
      state: "authenticated",
      phoneCodeHash,
      message: "success",
      session: {
        name: phone,
        userName: phone.slice(1),
        userId: expect.any(Number),
        isPremium: false,
        session: expect.any(String),
      },
    });
    // A finished attempt takes no more steps.
    const again = await signIn(attempt.id, { phoneNo: phone, phoneCode: code, phoneCodeHash });
    expect(again.statusCode).toBe(409);

    const login = await b("POST", "/auth/login", "/auth/login", { body: done.session });
    expect(login.statusCode).toBe(204);
    const cookies = setCookies(login);
    expect(cookies.access_token).toMatch(/HttpOnly/);
    const session = await sessionOf({ cookie: pair(cookies.access_token) });
    expect(session.statusCode).toBe(200);
    const body = session.json<{ userId: number; sessionId: string; hash: string }>();
    expect(body.userId).toBe(done.session?.userId);
    const [row] = await server.db.query<{ id: string }>("SELECT id FROM sessions WHERE hash = $1", [body.hash]);
    expect(body.sessionId).toBe(row?.id);
    // The attempt's session is redeemed once.
    expect((await b("POST", "/auth/login", "/auth/login", { body: done.session })).statusCode).toBe(401);
  });

  it("sends the code at creation when given the number, as Teldrive main does", async () => {
    const phone = freshPhone();
    const attempt = await newAttempt({ phoneNo: phone });
    expect(attempt).toMatchObject({ state: "code_sent", phoneCodeHash: expect.any(String) });
    expect(codes.printed(phone)).toBe(true);
  });

  it("asks for the 2FA password, says when it is wrong, and finishes with the right one", async () => {
    const phone = freshPhone();
    await setPassword(server.db, phone, "correct horse");
    const attempt = await newAttempt({ phoneNo: phone });
    const phoneCodeHash = attempt.phoneCodeHash ?? "";
    await signIn(attempt.id, { phoneNo: phone, phoneCode: codes.code(phone), phoneCodeHash });
    expect(await poll(attempt.id)).toMatchObject({ state: "password_required", message: "2FA required" });
    expect(await poll(attempt.id)).not.toHaveProperty("session");
    await password(attempt.id, "wrong horse");
    expect(await poll(attempt.id)).toMatchObject({ state: "failed", message: "invalid password" });
    const empty = await b("POST", "/auth/attempts/{id}/password", `/auth/attempts/${attempt.id}/password`, {
      body: { password: "" },
    });
    expect(empty.statusCode).toBe(400);
    await password(attempt.id, "correct horse");
    const done = await poll(attempt.id);
    expect(done).toMatchObject({ state: "authenticated", session: { name: phone } });
    expect((await b("POST", "/auth/login", "/auth/login", { body: done.session })).statusCode).toBe(204);
  });

  it("ends after five wrong passwords, as the websocket does", async () => {
    const phone = freshPhone();
    await setPassword(server.db, phone, "correct horse");
    const { id, phoneCodeHash = "" } = await newAttempt({ phoneNo: phone });
    await signIn(id, { phoneNo: phone, phoneCode: codes.code(phone), phoneCodeHash });
    for (let i = 0; i < 4; i++) await password(id, `wrong ${i}`);
    await password(id, "wrong 5");
    expect(await poll(id)).toMatchObject({ state: "failed", message: "too many wrong passwords; sign in again" });
    await password(id, "correct horse");
    expect(await poll(id)).toMatchObject({ state: "failed", message: expect.stringMatching(/^no sign-in is waiting/) });
  });

  it("expires after 10 minutes: polling says so, and steps are refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const phone = freshPhone();
    const attempt = await newAttempt({ phoneNo: phone });
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 - 1000);
    expect((await poll(attempt.id)).state).toBe("code_sent");
    vi.setSystemTime(Date.now() + 2000);
    expect(await poll(attempt.id)).toEqual({
      id: attempt.id,
      authType: "phone",
      state: "expired",
      message: ATTEMPT_EXPIRED,
    });
    const step = await sendCode(attempt.id, phone);
    expect(step.statusCode).toBe(409);
    expect(step.json()).toEqual({ code: 409, message: ATTEMPT_EXPIRED });
  });

  it("answers a QR attempt with the websocket's 'not available' state", async () => {
    const res = await b("POST", "/auth/attempts", "/auth/attempts", { body: { authType: "qr" } });
    expect(res.statusCode).toBe(201);
    const attempt = res.json<Attempt>();
    expect(attempt).toEqual({ id: expect.any(String), authType: "qr", state: "failed", message: QR_UNAVAILABLE });
    expect(await poll(attempt.id)).toEqual(attempt);
  });

  it("cancels: the attempt and its code are gone", async () => {
    const phone = freshPhone();
    const { id, phoneCodeHash = "" } = await newAttempt({ phoneNo: phone });
    expect((await b("DELETE", "/auth/attempts/{id}", `/auth/attempts/${id}`)).statusCode).toBe(204);
    const gone = await b("GET", "/auth/attempts/{id}", `/auth/attempts/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 404, message: "auth attempt not found" });
    expect((await signIn(id, { phoneNo: phone, phoneCode: codes.code(phone), phoneCodeHash })).statusCode).toBe(404);
    // The code it waited for cannot be used through another attempt either.
    const other = await newAttempt();
    await signIn(other.id, { phoneNo: phone, phoneCode: codes.code(phone), phoneCodeHash });
    expect(await poll(other.id)).toMatchObject({
      state: "failed",
      message: expect.stringMatching(/^no code was sent/),
    });
    expect((await b("DELETE", "/auth/attempts/{id}", `/auth/attempts/${id}`)).statusCode).toBe(404);
  });

  it("keeps only a digest of the attempt id, and nothing the session could be made from", async () => {
    const phone = freshPhone();
    const { attempt } = await signInByAttempt(phone);
    const rows = JSON.stringify(await server.db.query("SELECT * FROM auth_attempts"));
    expect(rows).not.toContain(attempt.id);
    expect(rows).not.toContain(attempt.session?.session);
  });

  it("follows the server's sign-up rules: a number nobody invited gets the websocket's sentence", async () => {
    // The server's first account (its owner) exists, so sign-up is closed to everyone else.
    await createUser(strict);
    const phone = freshPhone();
    const { id, phoneCodeHash = "" } = await newAttempt({ srv: strict, phoneNo: phone, from: "192.0.2.10" });
    await signIn(
      id,
      { phoneNo: phone, phoneCode: codes.code(phone), phoneCodeHash },
      { srv: strict, from: "192.0.2.10" },
    );
    expect(await poll(id, { srv: strict })).toMatchObject({ state: "failed", message: SIGN_UP_CLOSED });
  });

  it("counts wrong codes against the address's budget, as the websocket does", async () => {
    const from = "192.0.2.11";
    const phone = freshPhone();
    const guesses: string[] = [];
    for (let round = 0; round < 3; round++) {
      const { id, phoneCodeHash = "" } = await newAttempt({ srv: strict, phoneNo: phone, from });
      const wrong = wrongCode(codes.code(phone));
      for (let i = 0; i < 5 && guesses.length < 11; i++) {
        await signIn(id, { phoneNo: phone, phoneCode: wrong, phoneCodeHash }, { srv: strict, from });
        guesses.push((await poll(id, { srv: strict })).message ?? "");
      }
    }
    // Ten wrong codes a day from one address (the default); the eleventh is not even compared.
    expect(guesses.filter((m) => m === "PHONE_CODE_INVALID")).toHaveLength(8);
    expect(guesses.filter((m) => m === "too many wrong codes; request a new code")).toHaveLength(2);
    expect(guesses[10]).toBe(`too many wrong codes from your address (${from}) today; try again tomorrow`);
  });

  it("limits the attempts one address makes in 10 minutes", async () => {
    const from = "192.0.2.12";
    for (let i = 0; i < 20; i++) await newAttempt({ srv: strict, from });
    const res = await b("POST", "/auth/attempts", "/auth/attempts", {
      srv: strict,
      from,
      body: { authType: "phone" },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json<{ message: string }>().message).toContain(`(${from})`);
    // Others are not held up.
    await newAttempt({ srv: strict, from: "192.0.2.13" });
  });
});

describe("refresh tokens", () => {
  it("sets a long-lived refresh cookie only the refresh call receives", async () => {
    const { cookies } = await signInByAttempt(freshPhone());
    const refresh = cookies.refresh_token ?? "";
    expect(refresh).toMatch(/; HttpOnly/);
    expect(refresh).toMatch(/; SameSite=Strict/);
    expect(refresh).toMatch(/; Path=\/api\/auth\/refresh(;|$)/);
    expect(refresh).toMatch(/; Max-Age=31536000/);
    expect(cookies.access_token).toMatch(/; Path=\/(;|$)/);
  });

  it("rotates: a refresh gives new tokens; the replaced access token is good for a minute, the refresh token never again", async () => {
    const { access, refresh } = await signInByAttempt(freshPhone());
    const before = (await sessionOf({ cookie: access })).json<{ sessionId: string }>();
    const res = await b("POST", "/auth/refresh", "/auth/refresh", { headers: { cookie: refresh } });
    expect(res.statusCode, res.body).toBe(204);
    const next = setCookies(res);
    const access2 = pair(next.access_token);
    const refresh2 = pair(next.refresh_token);
    expect(access2).not.toBe(access);
    expect(refresh2).not.toBe(refresh);
    expect((await sessionOf({ cookie: access2 })).json()).toMatchObject({ sessionId: before.sessionId });
    // Requests sent before the refresh answered still carry the old access token.
    expect((await sessionOf({ cookie: access })).statusCode).toBe(200);
    await server.db.query("UPDATE sessions SET prev_token_until = now() - interval '1 second' WHERE id = $1", [
      before.sessionId,
    ]);
    expect((await sessionOf({ cookie: access })).statusCode).toBe(204);
    expect((await server.app.inject({ url: "/api/users/config", headers: { cookie: access } })).statusCode).toBe(401);
    // The next refresh uses the new token.
    expect((await b("POST", "/auth/refresh", "/auth/refresh", { headers: { cookie: refresh2 } })).statusCode).toBe(204);
  });

  it("ends the session when a used refresh token comes back (two holders of one token)", async () => {
    const { refresh } = await signInByAttempt(freshPhone());
    const first = await b("POST", "/auth/refresh", "/auth/refresh", { headers: { cookie: refresh } });
    const access2 = pair(setCookies(first).access_token);
    const refresh2 = pair(setCookies(first).refresh_token);
    // Whoever copied the first token presents it after the rightful client used it.
    const replay = await b("POST", "/auth/refresh", "/auth/refresh", { headers: { cookie: refresh } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ message: string }>().message).toMatch(/used already.*session is ended/);
    expect(setCookies(replay).access_token).toMatch(/Max-Age=0/);
    // Both holders are out: the newer tokens went with the session.
    expect((await sessionOf({ cookie: access2 })).statusCode).toBe(204);
    const later = await b("POST", "/auth/refresh", "/auth/refresh", { headers: { cookie: refresh2 } });
    expect(later.json()).toEqual({ code: 401, message: "invalid refresh token" });
  });

  it("gives one of two simultaneous refreshes with one token the new tokens and ends the session for the other", async () => {
    const { refresh } = await signInByAttempt(freshPhone());
    const both = await Promise.all(
      [0, 1].map(() => server.app.inject({ method: "POST", url: "/api/auth/refresh", headers: { cookie: refresh } })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([204, 401]);
  });

  it("refuses a refresh token whose session was removed (how a stolen one is stopped)", async () => {
    const { access, refresh } = await signInByAttempt(freshPhone());
    const other = await signInByAttempt(freshPhone());
    const { sessionId } = (await sessionOf({ cookie: access })).json<{ sessionId: string }>();
    const list = await b("GET", "/users/sessions", "/users/sessions", { headers: { cookie: access } });
    expect(list.json()).toEqual([expect.objectContaining({ sessionId, current: true, valid: true })]);
    // Another account cannot remove it.
    const foreign = await b("DELETE", "/users/sessions/{id}", `/users/sessions/${sessionId}`, {
      headers: { cookie: other.access },
    });
    expect(foreign.statusCode).toBe(404);
    const removed = await b("DELETE", "/users/sessions/{id}", `/users/sessions/${sessionId}`, {
      headers: { cookie: access },
    });
    expect(removed.statusCode).toBe(204);
    const res = await b("POST", "/auth/refresh", "/auth/refresh", { headers: { cookie: refresh } });
    expect(res.json()).toEqual({ code: 401, message: "invalid refresh token" });
  });

  it("refuses a missing or expired refresh token", async () => {
    const missing = await b("POST", "/auth/refresh", "/auth/refresh");
    expect(missing.json()).toEqual({ code: 401, message: "missing refresh token" });
    const { access, refresh } = await signInByAttempt(freshPhone());
    const { sessionId } = (await sessionOf({ cookie: access })).json<{ sessionId: string }>();
    await server.db.query("UPDATE sessions SET refresh_expires_at = now() - interval '1 second' WHERE id = $1", [
      sessionId,
    ]);
    const expired = await b("POST", "/auth/refresh", "/auth/refresh", { headers: { cookie: refresh } });
    expect(expired.json()).toEqual({ code: 401, message: "the refresh token has expired; sign in again" });
    // Only the refresh cookie is cleared: the access token still works until it expires.
    expect(setCookies(expired).access_token).toBeUndefined();
    expect((await sessionOf({ cookie: access })).statusCode).toBe(200);
  });

  it("revives a session whose access token expired", async () => {
    const { access, refresh } = await signInByAttempt(freshPhone());
    const { sessionId } = (await sessionOf({ cookie: access })).json<{ sessionId: string }>();
    await server.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [sessionId]);
    expect((await sessionOf({ cookie: access })).statusCode).toBe(204);
    const res = await b("POST", "/auth/refresh", "/auth/refresh", { headers: { cookie: refresh } });
    expect((await sessionOf({ cookie: pair(setCookies(res).access_token) })).statusCode).toBe(200);
  });

  it("logging out clears both cookies and ends the refresh token", async () => {
    const { access, refresh } = await signInByAttempt(freshPhone());
    const out = await b("POST", "/auth/logout", "/auth/logout", { headers: { cookie: access } });
    expect(out.statusCode).toBe(204);
    expect(setCookies(out).refresh_token).toMatch(/Max-Age=0; Path=\/api\/auth\/refresh/);
    const res = await b("POST", "/auth/refresh", "/auth/refresh", { headers: { cookie: refresh } });
    expect(res.statusCode).toBe(401);
  });

  it("answers GET /auth/session for a bearer token too", async () => {
    const user = await createUser(server);
    const res = await sessionOf({ authorization: `Bearer ${user.token}` });
    expect(res.json()).toMatchObject({ userId: user.userId, hash: user.hash });
  });
});

describe("?sid= on media URLs", () => {
  let owner: Awaited<ReturnType<typeof createUser>>;
  let file: FileJson;
  let sid = "";
  beforeAll(async () => {
    owner = await createUser(server);
    const parts = await partsOf(server, owner, 5);
    file = await create(server, owner, {
      name: "a.txt",
      type: "file",
      path: "/",
      mimeType: "text/plain",
      size: 5,
      parts,
    });
    sid = (await sessionOf({ cookie: owner.cookie })).json<{ sessionId: string }>().sessionId;
  });

  it("signs a content URL in with the session id alone", async () => {
    const res = await b("GET", "/files/{id}/content", `/files/${file.id}/content?sid=${sid}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(Buffer.alloc(5, 1));
    const bad = await b("GET", "/files/{id}/content", `/files/${file.id}/content?sid=${crypto.randomUUID()}`);
    expect(bad.json()).toEqual({ code: 401, message: "invalid sid" });
  });

  it("signs a thumbnail URL in too", async () => {
    const res = await server.app.inject({ url: `/api/thumbnails/${file.id}?w=360&sid=${sid}` });
    // Signed in: the handler answers (a text file has no thumbnail).
    expect(res.statusCode).not.toBe(401);
    const bad = await server.app.inject({ url: `/api/thumbnails/${file.id}?w=360&sid=not-a-uuid` });
    expect(bad.json()).toEqual({ code: 401, message: "invalid sid" });
  });

  it("reaches only its own user's files", async () => {
    const stranger = await createUser(server);
    const theirs = (await sessionOf({ cookie: stranger.cookie })).json<{ sessionId: string }>().sessionId;
    const res = await b("GET", "/files/{id}/content", `/files/${file.id}/content?sid=${theirs}`);
    expect(res.statusCode).toBe(404);
  });

  it("stops working when the session is removed", async () => {
    const user = await createUser(server);
    const parts = await partsOf(server, user, 3);
    const mine = await create(server, user, {
      name: "b.txt",
      type: "file",
      path: "/",
      mimeType: "text/plain",
      size: 3,
      parts,
    });
    const own = (await sessionOf({ cookie: user.cookie })).json<{ sessionId: string }>().sessionId;
    expect((await b("GET", "/files/{id}/content", `/files/${mine.id}/content?sid=${own}`)).statusCode).toBe(200);
    await b("DELETE", "/users/sessions/{id}", `/users/sessions/${own}`, { headers: { cookie: user.cookie } });
    expect((await b("GET", "/files/{id}/content", `/files/${mine.id}/content?sid=${own}`)).statusCode).toBe(401);
  });
});

describe("API keys", () => {
  interface Created {
    id: string;
    name: string;
    createdAt: string;
    expiresAt?: string;
    lastUsedAt?: string;
    key: string;
  }
  const createKey = async (cookie: string, body: { name: string; expiresAt?: string }, srv?: TestServer) => {
    const res = await b("POST", "/users/api-keys", "/users/api-keys", { headers: { cookie }, body, srv });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Created>();
  };
  const listKeys = async (cookie: string) =>
    (await b("GET", "/users/api-keys", "/users/api-keys", { headers: { cookie } })).json<Omit<Created, "key">[]>();
  const withKey = (key: string, url: string, srv: TestServer = server, from?: string) =>
    srv.app.inject({ url: `/api${url}`, headers: { "x-api-key": key }, ...(from ? { remoteAddress: from } : {}) });

  it("shows a new key once, keeps only its SHA-256, and lists it without the key", async () => {
    const user = await createUser(server);
    const created = await createKey(user.cookie, { name: "  rclone on the NAS  " });
    expect(created).toEqual({
      id: expect.any(String),
      name: "rclone on the NAS",
      createdAt: expect.any(String),
      key: expect.stringMatching(/^tdk_[A-Za-z0-9_-]{43}$/),
    });
    const listed = await listKeys(user.cookie);
    expect(listed).toEqual([{ id: created.id, name: "rclone on the NAS", createdAt: created.createdAt }]);
    const rows = await server.db.query<{ digest: string }>("SELECT * FROM api_keys WHERE id = $1", [created.id]);
    expect(rows[0]?.digest).toBe(crypto.createHash("sha256").update(created.key).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(4));
  });

  it("signs requests in with X-Api-Key, and GET /auth/session says which key", async () => {
    const user = await createUser(server);
    const { id, key } = await createKey(user.cookie, { name: "script" });
    const files = await withKey(key, "/files?path=/");
    expect(files.statusCode).toBe(200);
    const session = await sessionOf({ "x-api-key": key });
    expect(session.json()).toMatchObject({ userId: user.userId, sessionId: id });
    expect(session.headers["set-cookie"]).toBeUndefined();
    // A key cannot sign out (nothing to end): it is revoked instead.
    const out = await server.app.inject({ method: "POST", url: "/api/auth/logout", headers: { "x-api-key": key } });
    expect(out.statusCode).toBe(400);
  });

  it("never reaches another user's data", async () => {
    const alice = await createUser(server);
    const bob = await createUser(server);
    const parts = await partsOf(server, bob, 4);
    const bobs = await create(server, bob, {
      name: "bob.txt",
      type: "file",
      path: "/",
      mimeType: "text/plain",
      size: 4,
      parts,
    });
    const alicesFile = await create(server, alice, { name: "alice", type: "folder", path: "/" });
    const { key } = await createKey(alice.cookie, { name: "alice's" });
    const bobKey = await createKey(bob.cookie, { name: "bob's" });
    expect((await withKey(key, `/files/${bobs.id}`)).statusCode).toBe(404);
    expect((await withKey(key, `/files/${bobs.id}/content`)).statusCode).toBe(404);
    const listing = (await withKey(key, "/files?path=/")).json<{ items: FileJson[] }>();
    expect(listing.items.map((i) => i.id)).toEqual([alicesFile.id]);
    // Nor another user's keys.
    const revoke = await server.app.inject({
      method: "DELETE",
      url: `/api/users/api-keys/${bobKey.id}`,
      headers: { "x-api-key": key },
    });
    expect(revoke.statusCode).toBe(404);
    expect((await withKey(bobKey.key, `/files/${bobs.id}/content`)).statusCode).toBe(200);
  });

  it("writes lastUsedAt at most once a minute", async () => {
    const user = await createUser(server);
    const { id, key } = await createKey(user.cookie, { name: "busy" });
    await withKey(key, "/users/config");
    const [first] = await listKeys(user.cookie);
    expect(first?.lastUsedAt).toEqual(expect.any(String));
    const stored = async () =>
      (await server.db.query<{ last_used_at: Date }>("SELECT last_used_at FROM api_keys WHERE id = $1", [id]))[0]
        ?.last_used_at;
    const once = await stored();
    await withKey(key, "/users/config");
    expect(await stored()).toEqual(once);
    await server.db.query("UPDATE api_keys SET last_used_at = last_used_at - interval '61 seconds' WHERE id = $1", [
      id,
    ]);
    const moved = await stored();
    await withKey(key, "/users/config");
    expect((await stored())?.getTime()).toBeGreaterThan(moved?.getTime() ?? 0);
  });

  it("expires: a past expiry is refused at creation, an expired key is refused", async () => {
    const user = await createUser(server);
    const past = await b("POST", "/users/api-keys", "/users/api-keys", {
      headers: { cookie: user.cookie },
      body: { name: "old", expiresAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.json()).toEqual({ code: 400, message: "expiresAt must be in the future" });
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createKey(user.cookie, { name: "an hour", expiresAt });
    // RFC 3339 to the second, as every time here.
    expect(Date.parse(created.expiresAt ?? "")).toBe(Math.floor(Date.parse(expiresAt) / 1000) * 1000);
    expect((await withKey(created.key, "/users/config")).statusCode).toBe(200);
    await server.db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [created.id]);
    const res = await withKey(created.key, "/users/config");
    expect(res.json()).toEqual({ code: 401, message: "API key expired" });
  });

  it("is refused at once when revoked, and then listed no more", async () => {
    const user = await createUser(server);
    const { id, key } = await createKey(user.cookie, { name: "soon gone" });
    expect((await withKey(key, "/users/config")).statusCode).toBe(200);
    const res = await b("DELETE", "/users/api-keys/{id}", `/users/api-keys/${id}`, {
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect((await withKey(key, "/users/config")).json()).toEqual({ code: 401, message: "API key revoked" });
    expect(await listKeys(user.cookie)).toEqual([]);
    const again = await b("DELETE", "/users/api-keys/{id}", `/users/api-keys/${id}`, {
      headers: { cookie: user.cookie },
    });
    expect(again.json()).toEqual({ code: 404, message: "api key not found" });
  });

  it("refuses an empty name", async () => {
    const user = await createUser(server);
    const res = await b("POST", "/users/api-keys", "/users/api-keys", {
      headers: { cookie: user.cookie },
      body: { name: "  " },
    });
    expect(res.json()).toEqual({ code: 400, message: "name is required" });
  });

  it("counts wrong keys against the address's sign-in budget; revoked keys do not count", async () => {
    const owner = await createUser(strict);
    const revoked = await createKey(owner.cookie, { name: "revoked" }, strict);
    await strict.app.inject({
      method: "DELETE",
      url: `/api/users/api-keys/${revoked.id}`,
      headers: { cookie: owner.cookie },
    });
    const from = "198.51.100.7";
    // A forgotten script with a revoked key does not use up its address's budget.
    for (let i = 0; i < 12; i++)
      expect((await withKey(revoked.key, "/users/config", strict, from)).statusCode).toBe(401);
    const guesses = [];
    for (let i = 0; i < 11; i++)
      guesses.push((await withKey(`tdk_guess${i}`, "/users/config", strict, from)).statusCode);
    expect(guesses).toEqual([...Array(10).fill(401), 429]);
    // The same budget as sign-in codes: a right code from this address is now not even checked.
    const phone = freshPhone();
    const { id, phoneCodeHash = "" } = await newAttempt({ srv: strict, phoneNo: phone, from });
    await signIn(id, { phoneNo: phone, phoneCode: codes.code(phone), phoneCodeHash }, { srv: strict, from });
    expect((await poll(id, { srv: strict })).message).toBe(
      `too many wrong codes from your address (${from}) today; try again tomorrow`,
    );
    // A right key still works from there.
    const good = await createKey(owner.cookie, { name: "good" }, strict);
    expect((await withKey(good.key, "/users/config", strict, from)).statusCode).toBe(200);
  });

  it("checks a WebDAV Basic password as a key, whatever the user name", async () => {
    const user = await createUser(server);
    const { key } = await createKey(user.cookie, { name: "webdav" });
    const basic = (name: string, pw: string) => `Basic ${Buffer.from(`${name}:${pw}`).toString("base64")}`;
    const limits = server.config.signInLimits;
    const ok = await checkBasicApiKey(server.db, basic("anyone", key), "192.0.2.50", limits);
    expect(ok).toMatchObject({ result: "ok", user: { userId: user.userId } });
    expect(await checkBasicApiKey(server.db, basic("anyone", "tdk_wrong"), "192.0.2.50", limits)).toEqual({
      result: "unknown",
    });
    expect(await checkBasicApiKey(server.db, `Bearer ${key}`, "192.0.2.50", limits)).toBeNull();
  });
});

describe("COMPAT=teldrive-1.8", () => {
  let old: TestServer;
  beforeAll(async () => {
    old = await startServer({ COMPAT: "teldrive-1.8" });
  });
  afterAll(() => old.close());

  it("has none of Teldrive main's sign-in calls, no refresh cookie and no sessionId", async () => {
    const user = await createUser(old);
    for (const [method, url] of [
      ["POST", "/api/auth/attempts"],
      ["POST", "/api/auth/refresh"],
      ["GET", "/api/users/api-keys"],
    ] as const)
      expect(
        (
          await old.app.inject({
            method,
            url,
            headers: { cookie: user.cookie },
            payload: method === "POST" ? {} : undefined,
          })
        ).statusCode,
        url,
      ).toBe(404);
    const { cookie } = await signInViaWebsocket(old, freshPhone());
    expect((await old.app.inject({ url: "/api/auth/session", headers: { cookie } })).json()).not.toHaveProperty(
      "sessionId",
    );
    const withKey = await old.app.inject({ url: "/api/users/config", headers: { "x-api-key": "tdk_x", cookie } });
    expect(withKey.statusCode).toBe(200);
  });
});
