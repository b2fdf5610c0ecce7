// Signs a browser context in through the real websocket flow (/api/auth/ws), then POST /api/auth/login.
import type { APIRequestContext } from "@playwright/test";
import WebSocket from "ws";
import type { DriveServer } from "./server.js";

interface ServerMessage {
  type?: string;
  message?: string;
  payload?: Record<string, unknown>;
}

let phoneCounter = Math.floor(Math.random() * 1_000_000);

/** A phone number no other test in this run uses. */
export function uniquePhone(): string {
  phoneCounter = (phoneCounter + 1) % 10_000_000;
  return `+1555${String(phoneCounter).padStart(7, "0")}`;
}

/**
 * Runs the websocket login for `phone` and returns the success payload (a SessionCreate body).
 * `password` answers a 2FA prompt.
 */
export async function websocketLogin(
  server: DriveServer,
  phone: string,
  opts: { password?: string } = {},
): Promise<Record<string, unknown>> {
  const ws = new WebSocket(`${server.baseURL.replace(/^http/, "ws")}/api/auth/ws`);
  const inbox: ServerMessage[] = [];
  let wake: (() => void) | undefined;
  let closed: Error | undefined;
  ws.on("message", (data) => {
    inbox.push(JSON.parse(String(data)) as ServerMessage);
    wake?.();
  });
  ws.on("close", () => {
    closed ??= new Error("auth websocket closed");
    wake?.();
  });
  ws.on("error", (err) => {
    closed = err;
    wake?.();
  });
  // Waits for the server's answer however long a busy machine takes; the test's time-out bounds a silent server.
  const next = async (): Promise<ServerMessage> => {
    while (inbox.length === 0) {
      if (closed) throw closed;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    const msg = inbox.shift();
    if (!msg) throw new Error("unreachable: inbox empty");
    if (msg.type === "error") throw new Error(`sign-in failed: ${msg.message}`);
    return msg;
  };
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    ws.send(JSON.stringify({ authType: "phone", message: "sendcode", phoneNo: phone }));
    const sent = await next();
    const phoneCodeHash = sent.payload?.phoneCodeHash;
    if (typeof phoneCodeHash !== "string") throw new Error(`expected a phoneCodeHash, got ${JSON.stringify(sent)}`);
    const phoneCode = await server.codeFor(phone);
    ws.send(JSON.stringify({ authType: "phone", message: "signin", phoneNo: phone, phoneCode, phoneCodeHash }));
    let reply = await next();
    if (reply.message === "2FA required") {
      if (opts.password === undefined) throw new Error(`${phone} needs a 2FA password`);
      ws.send(JSON.stringify({ authType: "2fa", password: opts.password }));
      reply = await next();
    }
    if (reply.message !== "success" || !reply.payload) throw new Error(`sign-in failed: ${JSON.stringify(reply)}`);
    return reply.payload;
  } finally {
    ws.close();
  }
}

/**
 * Signs `request` (a browser context's request, so the HttpOnly cookie lands in that context) in as `phone`.
 */
export async function signInRequest(
  server: DriveServer,
  request: APIRequestContext,
  phone: string,
  opts: { password?: string } = {},
): Promise<void> {
  const payload = await websocketLogin(server, phone, opts);
  const res = await request.post(`${server.baseURL}/api/auth/login`, { data: payload });
  if (res.status() !== 204 && res.status() !== 200)
    throw new Error(`POST /api/auth/login answered ${res.status()}: ${await res.text()}`);
}
