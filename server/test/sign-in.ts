import { vi } from "vitest";
import type WebSocket from "ws";
import { normalisePhone } from "../src/auth/phone.js";
import type { TestServer } from "./helpers.js";

/** Reads JSON messages from a websocket in order, including those that arrived before anyone asked. */
export class SocketReader {
  private readonly buffered: unknown[] = [];
  private readonly waiting: ((msg: unknown) => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const msg: unknown = JSON.parse(data.toString());
      const next = this.waiting.shift();
      if (next) next(msg);
      else this.buffered.push(msg);
    });
  }

  send(msg: unknown) {
    this.ws.send(typeof msg === "string" ? msg : JSON.stringify(msg));
  }

  next(): Promise<Record<string, unknown>> {
    const msg = this.buffered.shift();
    if (msg !== undefined) return Promise.resolve(msg as Record<string, unknown>);
    return new Promise((resolve) => this.waiting.push((m) => resolve(m as Record<string, unknown>)));
  }

  /** Sends and waits for the answer. */
  async ask(msg: unknown): Promise<Record<string, unknown>> {
    this.send(msg);
    return this.next();
  }
}

/**
 * Watches console.log for the printed login code. Returns a function giving the latest code for a phone.
 */
export function watchLoginCodes() {
  const codes = new Map<string, string>();
  const original = console.log;
  const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    const match = typeof args[0] === "string" ? /^login code for (\S+): (\d{8})(?: |$)/.exec(args[0]) : null;
    if (match?.[1] && match[2]) codes.set(match[1], match[2]);
    else original(...args);
  });
  return {
    code(phone: string): string {
      const code = codes.get(phone);
      if (!code) throw new Error(`no login code was printed for ${phone}`);
      return code;
    },
    /** Whether a code was printed for `phone`. */
    printed: (phone: string) => codes.has(phone),
    restore: () => spy.mockRestore(),
  };
}

/** The websocket message that sends a code. */
export const signin = (phone: string, phoneCode: string, phoneCodeHash: string) => ({
  authType: "phone",
  message: "signin",
  phoneNo: phone,
  phoneCode,
  phoneCodeHash,
});

/** Another 8-digit code than `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, "0");

export interface SignedIn {
  cookie: string;
  userId: number;
  hash: string;
}

/** The `access_token=<value>` pair of a response's Set-Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join("\n") : (setCookie ?? "");
  const match = /access_token=([^;\s]*)/.exec(header);
  if (!match?.[1]) throw new Error(`no access_token cookie in ${header}`);
  return `access_token=${match[1]}`;
}

/**
 * Signs in through the real websocket flow (code from stdout, optional 2FA password), then
 * `POST /api/auth/login`, and returns the cookie header of the new session.
 */
export async function signInViaWebsocket(
  server: TestServer,
  phone: string,
  opts: { password?: string; userAgent?: string } = {},
): Promise<SignedIn> {
  const codes = watchLoginCodes();
  const ws = await server.app.injectWS("/api/auth/ws");
  try {
    const socket = new SocketReader(ws);
    const sent = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone });
    const phoneCodeHash = (sent.payload as { phoneCodeHash?: string } | undefined)?.phoneCodeHash;
    if (!phoneCodeHash) throw new Error(`sendcode failed: ${JSON.stringify(sent)}`);
    let answer = await socket.ask({
      authType: "phone",
      message: "signin",
      phoneNo: phone,
      phoneCode: codes.code(normalisePhone(phone) ?? phone),
      phoneCodeHash,
    });
    if (answer.message === "2FA required") {
      if (!opts.password) throw new Error(`${phone} needs a 2FA password`);
      answer = await socket.ask({ authType: "2fa", password: opts.password });
    }
    if (answer.message !== "success") throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
    const res = await server.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: answer.payload as object,
      headers: opts.userAgent ? { "user-agent": opts.userAgent } : {},
    });
    if (res.statusCode !== 204) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    const cookie = cookieFrom(res.headers["set-cookie"]);
    const session = await server.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    const body = session.json<{ userId: number; hash: string }>();
    return { cookie, userId: body.userId, hash: body.hash };
  } finally {
    ws.terminate();
    codes.restore();
  }
}
