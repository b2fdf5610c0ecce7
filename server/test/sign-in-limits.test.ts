import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { startServer, type TestServer } from "./helpers.js";
import { SocketReader, signin, watchLoginCodes, wrongCode } from "./sign-in.js";

/*
 * Guessing sign-in codes, as an attacker would: a real listening server behind a trusted proxy (TRUST_PROXY), so
 * each socket can come from the address its X-Forwarded-For names, with the default limits (test servers otherwise
 * lift them). docs/decisions.md ("Who may sign in, and guessing codes") has the arithmetic these limits give.
 */

let server: TestServer;
let base = "";
let codes: ReturnType<typeof watchLoginCodes>;

beforeAll(async () => {
  server = await startServer({
    TRUST_PROXY: "127.0.0.1",
    SIGN_UP: "open",
    SIGN_IN_CODES_PER_ADDRESS: "",
    SIGN_IN_WRONG_CODES_PER_ADDRESS: "",
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  base = `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  codes = watchLoginCodes();
});
afterAll(async () => {
  codes.restore();
  await server.close();
});
const opened: WebSocket[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const ws of opened.splice(0)) ws.terminate();
});

let phones = 0;
/** A number no other test here uses. */
const freshPhone = () => `+1555024${String(phones++).padStart(4, "0")}`;

async function socketFrom(address: string): Promise<SocketReader> {
  const ws = new WebSocket(`${base}/api/auth/ws`, { headers: { "x-forwarded-for": address } });
  opened.push(ws);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  return new SocketReader(ws);
}

/** Asks for a code; the phoneCodeHash, or the error message when refused. */
async function ask(socket: SocketReader, phone: string): Promise<{ hash?: string; error?: string }> {
  const answer = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone });
  const hash = (answer.payload as { phoneCodeHash?: string } | undefined)?.phoneCodeHash;
  return hash ? { hash } : { error: String(answer.message) };
}

/** What a guess got: "invalid" (compared, wrong), "success", or the error message. */
async function guess(socket: SocketReader, phone: string, code: string, hash: string): Promise<string> {
  const answer = await socket.ask(signin(phone, code, hash));
  if (answer.message === "PHONE_CODE_INVALID") return "invalid";
  if (answer.message === "success") return "success";
  return String(answer.message);
}

const ADDRESS_WRONG = /^too many wrong codes from your address \((.+)\) today; try again tomorrow$/;

describe("one address over many numbers", () => {
  it("gets 20 codes an hour whatever the numbers, then an answer naming the address it was counted as", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const socket = await socketFrom("203.0.113.10");
    const answers: string[] = [];
    for (let i = 0; i < 21; i++) answers.push((await ask(socket, freshPhone())).error ?? "code");
    expect(answers.slice(0, 20)).toEqual(Array(20).fill("code"));
    expect(answers[20]).toBe("too many codes requested from your address (203.0.113.10); try again in an hour");
    // The operator is told what to check.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("203.0.113.10 reached its limit of code requests"));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("set TRUST_PROXY"));
    warn.mockRestore();
    // Another address is not affected; after the hour this one asks again.
    expect(await ask(await socketFrom("203.0.113.11"), freshPhone())).toHaveProperty("hash");
    vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1000);
    expect(await ask(socket, freshPhone())).toHaveProperty("hash");
    socket.ws.terminate();
  });

  it("counts an IPv6 address per /64", async () => {
    const answers: string[] = [];
    for (let i = 1; i <= 21; i++) {
      const socket = await socketFrom(`2001:db8:24:1::${i.toString(16)}`);
      answers.push((await ask(socket, freshPhone())).error ?? "code");
      socket.ws.terminate();
    }
    expect(answers[20]).toBe("too many codes requested from your address (2001:db8:24:1::/64); try again in an hour");
    expect(answers.filter((a) => a === "code")).toHaveLength(20);
    expect(await ask(await socketFrom("2001:db8:24:2::1"), freshPhone())).toHaveProperty("hash");
  });

  it("gets 10 wrong codes a day over all numbers; after that no code is compared, not even the right one", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const socket = await socketFrom("203.0.113.20");
    const results: string[] = [];
    let last = { phone: "", code: "", hash: "" };
    // Five numbers, two wrong guesses each: what sweeping fresh numbers looks like.
    for (let i = 0; i < 6; i++) {
      const phone = freshPhone();
      const { hash = "" } = await ask(socket, phone);
      last = { phone, code: codes.code(phone), hash };
      for (let j = 0; j < 2; j++) results.push(await guess(socket, phone, wrongCode(last.code), hash));
    }
    expect(results.slice(0, 10)).toEqual(Array(10).fill("invalid"));
    expect(results[10]).toMatch(ADDRESS_WRONG);
    expect(ADDRESS_WRONG.exec(results[10] ?? "")?.[1]).toBe("203.0.113.20");
    expect(await guess(socket, last.phone, last.code, last.hash)).toMatch(ADDRESS_WRONG);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("203.0.113.20 reached its limit of wrong codes"));
    warn.mockRestore();
    socket.ws.terminate();
  });
});

describe("a known number attacked from six addresses", () => {
  it("gets at most 60 guesses compared, and its owner still signs in from their own address", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const victim = freshPhone();
    const attackers = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => socketFrom(`198.51.100.${i}`)));
    const outcomes: string[] = [];
    for (const socket of attackers) {
      // Each address asks for codes for the number and guesses until it is stopped.
      let stopped = false;
      for (let request = 0; request < 6 && !stopped; request++) {
        const { hash, error } = await ask(socket, victim);
        if (!hash) {
          outcomes.push(error ?? "");
          break;
        }
        for (let i = 0; i < 5; i++) {
          const got = await guess(socket, victim, String(10_000_000 + request * 5 + i), hash);
          outcomes.push(got);
          stopped = ADDRESS_WRONG.test(got);
          if (got !== "invalid") break;
        }
      }
    }
    const compared = outcomes.filter(
      (o) => o === "invalid" || o === "too many wrong codes; request a new code" || o === "success",
    );
    expect(outcomes).not.toContain("success");
    expect(compared.length).toBeLessThanOrEqual(60);
    expect(outcomes.filter((o) => ADDRESS_WRONG.test(o))).toHaveLength(6);

    // The victim's own address has its own budget, and six addresses cannot use up the server's.
    const own = await socketFrom("192.0.2.77");
    const { hash = "" } = await ask(own, victim);
    expect(await guess(own, victim, wrongCode(codes.code(victim)), hash)).toBe("invalid");
    expect(await guess(own, victim, codes.code(victim), hash)).toBe("success");
    warn.mockRestore();
    for (const socket of [...attackers, own]) socket.ws.terminate();
  });
});

describe("the sign-in socket", () => {
  /** The first thing that happens on `ws`: a message or the close, with its code and reason. */
  const firstEvent = (ws: WebSocket) =>
    new Promise<{ close?: number; reason?: string; message?: string }>((resolve) => {
      ws.once("message", (data) => resolve({ message: data.toString() }));
      ws.once("close", (close, reason) => resolve({ close, reason: reason.toString() }));
    });

  it("closes on a frame over 16 KiB (1009) instead of buffering it", async () => {
    const socket = await socketFrom("203.0.113.30");
    const event = firstEvent(socket.ws);
    socket.ws.send(JSON.stringify({ authType: "2fa", password: "x".repeat(1024 * 1024) }));
    expect(await event).toMatchObject({ close: 1009 });
  });

  it("closes a socket that floods it (1008) and acts on at most four of its messages", async () => {
    const socket = await socketFrom("203.0.113.31");
    const burst = Array.from({ length: 50 }, () => freshPhone());
    const replies: string[] = [];
    socket.ws.on("message", (data) => replies.push(data.toString()));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    // What a flood looks like; a client waits for each answer. Refusal of the fifth also shows on main's replies:
    // there all 50 would be answered and the socket would stay open.
    const allAnswered = new Promise<"all answered">((resolve) =>
      socket.ws.on("message", () => replies.length === burst.length && resolve("all answered")),
    );
    for (const phone of burst) socket.send({ authType: "phone", message: "sendcode", phoneNo: phone });
    const first = await Promise.race([closed, allAnswered]);
    expect(first).toEqual({ code: 1008, reason: "too many messages at once: send one and wait for its answer" });
    expect(replies.length).toBeLessThanOrEqual(4);
    await signInElsewhere();
    const requested = await server.db.query("SELECT 1 FROM sign_in_code_requests WHERE phone = ANY($1)", [burst]);
    expect(requested.length).toBeLessThanOrEqual(4);
  });

  it("drops the messages still waiting when the client goes away: no code is made for them later", async () => {
    const socket = await socketFrom("203.0.113.32");
    const burst = Array.from({ length: 4 }, () => freshPhone());
    // close(), not terminate(): the messages go out first, then the closing handshake.
    for (const phone of burst) socket.send({ authType: "phone", message: "sendcode", phoneNo: phone });
    socket.ws.close();
    // The server has seen the close once its socket is gone from the websocket server.
    await vi.waitFor(() => expect(server.app.websocketServer.clients.size).toBe(0), { timeout: 60_000 });
    await signInElsewhere();
    // At most the message being answered when the close came in got as far as a code; a new code on a connection
    // replaces its last one, so the printed lines are what tells how many were made.
    const printed = burst.filter((phone) => codes.printed(phone));
    expect(printed.length).toBeLessThanOrEqual(1);
    const requested = await server.db.query("SELECT 1 FROM sign_in_code_requests WHERE phone = ANY($1)", [burst]);
    expect(requested.length).toBeLessThanOrEqual(1);
  });

  /** A whole sign-in on another socket: the server has moved on by the time it answers. */
  async function signInElsewhere() {
    const other = await socketFrom("203.0.113.33");
    const phone = freshPhone();
    const { hash = "" } = await ask(other, phone);
    expect(await guess(other, phone, codes.code(phone), hash)).toBe("success");
    other.ws.terminate();
  }
});

describe("the server's budget of wrong codes", () => {
  it("stops comparing codes after 100 wrong ones in a minute, from any addresses, until the minute is over", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // The wrong codes of the tests before are out of this minute (this test runs last: its own stay in the future).
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // Eleven addresses with ten wrong codes each: the first hundred are compared.
    const results: string[] = [];
    for (let a = 1; a <= 11; a++) {
      const socket = await socketFrom(`198.51.100.${100 + a}`);
      for (let c = 0; c < 2; c++) {
        const phone = freshPhone();
        const { hash = "" } = await ask(socket, phone);
        for (let i = 0; i < 5; i++) results.push(await guess(socket, phone, wrongCode(codes.code(phone)), hash));
      }
      socket.ws.terminate();
    }
    expect(results.filter((r) => r === "invalid" || r === "too many wrong codes; request a new code")).toHaveLength(
      100,
    );
    const busy = "too many wrong codes on this server in the last minute; try again in a minute";
    expect(results.slice(100)).toEqual(Array(10).fill(busy));
    // Someone else, with the right code, waits for the minute to pass.
    const own = await socketFrom("192.0.2.88");
    const phone = freshPhone();
    const { hash = "" } = await ask(own, phone);
    expect(await guess(own, phone, codes.code(phone), hash)).toBe(busy);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await guess(own, phone, codes.code(phone), hash)).toBe("success");
    warn.mockRestore();
    own.ws.terminate();
  });
});
