import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { firstPartyCookie } from "../src/proxy/first-party-cookie.js";
import { startServer, type TestServer } from "./helpers.js";
import { cookieFrom, SocketReader, watchLoginCodes } from "./sign-in.js";

let upstream: TestServer;
let proxy: FastifyInstance;
let base: string;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "drive-proxy-web-"));
const INDEX = "<!doctype html><title>drive client</title>";

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  upstream = await startServer();
  await upstream.app.listen({ port: 0, host: "127.0.0.1" });
  fs.writeFileSync(path.join(webDist, "index.html"), INDEX);
  const config = { ...loadConfig({ DATA_DIR: webDist, TELDRIVE_URL: urlOf(upstream.app) }), webDist };
  // Proxy mode never touches the database; the upstream's handle satisfies the signature.
  proxy = await buildApp({ config, db: upstream.db });
  await proxy.listen({ port: 0, host: "127.0.0.1" });
  base = urlOf(proxy);
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function signInThroughProxy(phone: string): Promise<string> {
  const codes = watchLoginCodes();
  const ws = new WebSocket(`${base.replace("http", "ws")}/api/auth/ws`);
  try {
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const socket = new SocketReader(ws);
    const sent = await socket.ask({ authType: "phone", message: "sendcode", phoneNo: phone });
    const { phoneCodeHash } = sent.payload as { phoneCodeHash: string };
    const answer = await socket.ask({
      authType: "phone",
      message: "signin",
      phoneNo: phone,
      phoneCode: codes.code(phone),
      phoneCodeHash,
    });
    expect(answer.message).toBe("success");
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(answer.payload),
    });
    expect(login.status).toBe(204);
    const setCookie = login.headers.getSetCookie();
    // The access cookie, and (the upstream speaks Teldrive main's API too) the refresh cookie.
    expect(setCookie.map((c) => c.slice(0, c.indexOf("=")))).toEqual(["access_token", "refresh_token"]);
    for (const cookie of setCookie) {
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).not.toMatch(/Domain=/i);
    }
    return cookieFrom(setCookie);
  } finally {
    ws.close();
    codes.restore();
  }
}

describe("TELDRIVE_URL proxy mode", () => {
  it("forwards plain API calls to the upstream", async () => {
    const direct = await (await fetch(`${urlOf(upstream.app)}/api/version`)).json();
    const res = await fetch(`${base}/api/version`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(direct);
  });

  it("signs in over the proxied websocket and uses the first-party cookie", async () => {
    const cookie = await signInThroughProxy("+15550400001");
    const session = await fetch(`${base}/api/auth/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ name: "+15550400001" });
    const config = await fetch(`${base}/api/users/config`, { headers: { cookie } });
    expect(config.status).toBe(200);
    // The session lives in the upstream's database only.
    expect(await upstream.db.query("SELECT 1 FROM users WHERE phone = '+15550400001'")).toHaveLength(1);

    const create = await fetch(`${base}/api/users/channels`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: base },
      body: JSON.stringify({ channelName: "Via proxy" }),
    });
    expect(create.status).toBe(201);
    const logout = await fetch(`${base}/api/auth/logout`, { method: "POST", headers: { cookie, origin: base } });
    expect(logout.status).toBe(204);
    expect((await fetch(`${base}/api/users/config`, { headers: { cookie } })).status).toBe(401);
  });

  it("serves the web client itself", async () => {
    for (const page of ["/", "/my-drive?path=/"]) {
      const res = await fetch(`${base}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toBe(INDEX);
    }
  });

  it("passes upstream errors through unchanged", async () => {
    const res = await fetch(`${base}/api/users/config`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, message: "missing session" });
  });

  it("still refuses cross-origin writes itself", async () => {
    const res = await fetch(`${base}/api/auth/logout`, { method: "POST", headers: { origin: "http://evil.example" } });
    expect(res.status).toBe(403);
  });
});

describe("firstPartyCookie", () => {
  it("drops Domain, and Secure/SameSite=None on plain HTTP", () => {
    expect(
      firstPartyCookie(
        "access_token=abc; Path=/; Domain=drive.example.com; Max-Age=60; HttpOnly; Secure; SameSite=None",
        false,
      ),
    ).toBe("access_token=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax");
  });

  it("keeps Secure over HTTPS", () => {
    expect(firstPartyCookie("a=b; domain=.example.com; Secure; SameSite=None", true)).toBe(
      "a=b; Secure; SameSite=None",
    );
  });

  it("leaves a plain first-party cookie alone", () => {
    const cookie = "access_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax";
    expect(firstPartyCookie(cookie, false)).toBe(cookie);
  });
});
