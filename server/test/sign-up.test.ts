import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SIGN_UP_CLOSED } from "../src/auth/sign-in-flow.js";
import { ConfigError, loadConfig } from "../src/config.js";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { type SignedIn, SocketReader, signInViaWebsocket, signin, wrongCode } from "./sign-in.js";

/*
 * Who may have an account, with the default `SIGN_UP=closed` (test servers otherwise run open): the first account to
 * sign in owns the server; after that a new account only through ALLOWED_PHONES, the owner's invitation, or
 * SIGN_UP=open. A number that may not sign up gets the same answers as one with an account until it sends the
 * right code, and never a session.
 */

/** Asks `server` for a code for `phone`: the socket, the code, the phoneCodeHash, the answer and the printed line. */
async function sendCode(server: TestServer, phone: string) {
  const lines: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    lines.push(String(line));
  });
  try {
    const socket = new SocketReader(await server.app.injectWS("/api/auth/ws"));
    const answer = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone });
    const line = lines.find((l) => l.startsWith(`login code for ${phone}: `)) ?? "";
    const code = /: (\d{8})/.exec(line)?.[1] ?? "";
    const hash = (answer.payload as { phoneCodeHash?: string } | undefined)?.phoneCodeHash ?? "";
    return { socket, code, hash, answer, line };
  } finally {
    log.mockRestore();
  }
}

const closedServer = () => startServer({ SIGN_UP: "closed" });

async function api(server: TestServer, method: "GET" | "POST" | "DELETE", url: string, cookie?: string, body?: object) {
  return server.app.inject({
    method,
    url: `/api${url}`,
    headers: cookie ? { cookie } : {},
    ...(body ? { payload: body } : {}),
  });
}

describe("closed sign-up (the default)", () => {
  let server: TestServer;
  let owner: SignedIn;
  beforeAll(async () => {
    server = await closedServer();
  });
  afterAll(() => server.close());

  it("is the default", () => {
    expect(loadConfig({}).signUp).toBe("closed");
    expect(loadConfig({ SIGN_UP: "open" }).signUp).toBe("open");
    expect(() => loadConfig({ SIGN_UP: "yes" })).toThrow(ConfigError);
  });

  it("makes the first account to sign in the owner", async () => {
    owner = await signInViaWebsocket(server, "+15550250001");
    const list = await api(server, "GET", "/users/invitations", owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
  });

  it("answers a number without an account like one with an account, and refuses it only after the right code", async () => {
    const known = await sendCode(server, "+15550250001");
    const stranger = await sendCode(server, "+15550259999");
    // Same shapes until the right code: nothing tells a number with an account from one without.
    expect(stranger.answer).toEqual({
      type: "auth",
      payload: { phoneCodeHash: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    expect(known.answer).toEqual({ type: "auth", payload: { phoneCodeHash: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    for (const s of [known, stranger]) {
      const phone = s === known ? "+15550250001" : "+15550259999";
      expect(await s.socket.ask(signin(phone, wrongCode(s.code), s.hash))).toEqual({
        type: "auth",
        message: "PHONE_CODE_INVALID",
      });
    }
    // The operator's line says what will happen; the client's answer does not.
    expect(known.line).toMatch(/^login code for \+15550250001: \d{8}$/);
    expect(stranger.line).toBe(
      `login code for +15550259999: ${stranger.code} (no account, and sign-up is closed: \`npm run cli -w server -- invite +15550259999\` lets this number in)`,
    );
    expect(await stranger.socket.ask(signin("+15550259999", stranger.code, stranger.hash))).toEqual({
      type: "error",
      message: SIGN_UP_CLOSED,
    });
    expect(await known.socket.ask(signin("+15550250001", known.code, known.hash))).toMatchObject({
      message: "success",
    });
    // No account, no session waiting to be redeemed, and the code is used up.
    expect(await server.db.query("SELECT 1 FROM users WHERE phone = '+15550259999'")).toHaveLength(0);
    expect(await server.db.query("SELECT 1 FROM sign_in_grants WHERE phone = '+15550259999'")).toHaveLength(0);
    expect(await stranger.socket.ask(signin("+15550259999", stranger.code, stranger.hash))).toMatchObject({
      type: "error",
      message: "no code was sent for this phone number; request a new code",
    });
    known.socket.ws.terminate();
    stranger.socket.ws.terminate();
  });

  it("lets existing accounts sign in", async () => {
    await createUser(server, { phone: "+15550250002" });
    await expect(signInViaWebsocket(server, "+15550250002")).resolves.toMatchObject({ userId: expect.any(Number) });
  });

  it("lets in a number the owner invited, once; a withdrawn invitation lets no one in", async () => {
    const invited = "+15550250003";
    const made = await api(server, "POST", "/users/invitations", owner.cookie, { phone: "+1 555 025 0003" });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ phone: invited, createdAt: expect.stringMatching(/Z$/) });
    expect((await api(server, "POST", "/users/invitations", owner.cookie, { phone: invited })).statusCode).toBe(200);
    expect((await api(server, "GET", "/users/invitations", owner.cookie)).json()).toEqual([made.json()]);

    const guest = await signInViaWebsocket(server, invited);
    // Used up: the account exists now, and the invitation is gone.
    expect((await api(server, "GET", "/users/invitations", owner.cookie)).json()).toEqual([]);
    expect((await api(server, "POST", "/users/invitations", owner.cookie, { phone: invited })).json()).toMatchObject({
      code: 409,
      message: `${invited} already has an account`,
    });

    // Only the owner manages invitations.
    for (const [method, url, body] of [
      ["GET", "/users/invitations", undefined],
      ["POST", "/users/invitations", { phone: "+15550250004" }],
      ["DELETE", "/users/invitations/%2B15550250004", undefined],
    ] as const) {
      const res = await api(server, method, url, guest.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ code: 403, message: "only the server's owner manages invitations" });
      expect((await api(server, method, url, undefined, body)).statusCode).toBe(401);
    }
    expect(await server.db.query("SELECT 1 FROM sign_up_invitations")).toHaveLength(0);

    const withdrawn = "+15550250005";
    expect((await api(server, "POST", "/users/invitations", owner.cookie, { phone: withdrawn })).statusCode).toBe(201);
    expect(
      (await api(server, "DELETE", `/users/invitations/${encodeURIComponent(withdrawn)}`, owner.cookie)).statusCode,
    ).toBe(204);
    expect((await api(server, "DELETE", `/users/invitations/${withdrawn}`, owner.cookie)).json()).toEqual({
      code: 404,
      message: `no invitation for ${withdrawn}`,
    });
    await expect(signInViaWebsocket(server, withdrawn)).rejects.toThrow(SIGN_UP_CLOSED);
    expect((await api(server, "POST", "/users/invitations", owner.cookie, { phone: "12" })).statusCode).toBe(400);
  });
});

describe("the first sign-in on a new server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await closedServer();
  });
  afterAll(() => server.close());

  it("makes one owner when two numbers send their right codes at once; the other is refused", async () => {
    const first = await sendCode(server, "+15550251001");
    const second = await sendCode(server, "+15550251002");
    const answers = await Promise.all([
      first.socket.ask(signin("+15550251001", first.code, first.hash)),
      second.socket.ask(signin("+15550251002", second.code, second.hash)),
    ]);
    expect(answers.map((a) => a.message).sort()).toEqual([SIGN_UP_CLOSED, "success"].sort());
    expect(await server.db.query("SELECT 1 FROM users")).toHaveLength(1);
    first.socket.ws.terminate();
    second.socket.ws.terminate();
  });
});

describe("ALLOWED_PHONES with closed sign-up", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SIGN_UP: "closed", ALLOWED_PHONES: "+15550252001, +1 555 025 2002" });
  });
  afterAll(() => server.close());

  it("lets every listed number get an account, refuses others before a code, and refuses to invite them", async () => {
    const owner = await signInViaWebsocket(server, "+15550252001");
    await expect(signInViaWebsocket(server, "+15550252002")).resolves.toMatchObject({ userId: expect.any(Number) });
    expect((await sendCode(server, "+15550252003")).answer).toEqual({ type: "error", message: "user not allowed" });
    const invite = await api(server, "POST", "/users/invitations", owner.cookie, { phone: "+15550252003" });
    expect(invite.statusCode).toBe(400);
    expect(invite.json<{ message: string }>().message).toContain("ALLOWED_PHONES");
  });
});

describe("SIGN_UP=open", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ SIGN_UP: "open" });
  });
  afterAll(() => server.close());

  it("lets any number get an account; the first still owns the server", async () => {
    const owner = await signInViaWebsocket(server, "+15550253001");
    const stranger = await signInViaWebsocket(server, "+15550253002");
    expect((await api(server, "GET", "/users/invitations", owner.cookie)).statusCode).toBe(200);
    expect((await api(server, "GET", "/users/invitations", stranger.cookie)).statusCode).toBe(403);
  });
});
