import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createUser, startServer, type TestServer } from "./helpers.js";

// The server as it runs behind a reverse proxy: requests come from the proxy's address with the client's
// host, scheme and address in X-Forwarded-* or Forwarded. Real sockets, so the peer address is real.

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function listening(env: Record<string, string>): Promise<TestServer> {
  const server = await startServer(env);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  return server;
}

let trusting: TestServer;
let untrusting: TestServer;
let elsewhere: TestServer;

beforeAll(async () => {
  [trusting, untrusting, elsewhere] = await Promise.all([
    listening({ TRUST_PROXY: "127.0.0.1,::1" }),
    listening({}),
    listening({ TRUST_PROXY: "10.9.8.7" }),
  ]);
});
afterAll(async () => {
  await Promise.all([trusting, untrusting, elsewhere].map((s) => s?.close()));
});

/** A browser write through a proxy that rewrote Host to the upstream's address (nginx's default). */
async function proxiedWrite(server: TestServer, forwarding: Record<string, string>, origin: string) {
  const user = await createUser(server);
  return fetch(`${urlOf(server.app)}/api/users/channels`, {
    method: "POST",
    headers: { cookie: user.cookie, "content-type": "application/json", origin, ...forwarding },
    body: JSON.stringify({ channelName: "via proxy" }),
  });
}

describe("the cross-origin check behind a proxy that rewrites Host", () => {
  const xForwarded = { "x-forwarded-host": "drive.example.com", "x-forwarded-proto": "https" };

  it("accepts the browser's writes when TRUST_PROXY names the proxy (X-Forwarded-Host/-Proto)", async () => {
    expect((await proxiedWrite(trusting, xForwarded, "https://drive.example.com")).status).toBe(201);
  });

  it("accepts them with RFC 7239 Forwarded too", async () => {
    const forwarded = { forwarded: 'for=203.0.113.7;host="drive.example.com:8443";proto=https' };
    expect((await proxiedWrite(trusting, forwarded, "https://drive.example.com:8443")).status).toBe(201);
  });

  it("refuses them without TRUST_PROXY, or when the peer is not the trusted proxy", async () => {
    expect((await proxiedWrite(untrusting, xForwarded, "https://drive.example.com")).status).toBe(403);
    expect((await proxiedWrite(elsewhere, xForwarded, "https://drive.example.com")).status).toBe(403);
  });

  it("still refuses other origins, and a plain-HTTP page writing to the HTTPS site", async () => {
    expect((await proxiedWrite(trusting, xForwarded, "https://evil.example")).status).toBe(403);
    expect((await proxiedWrite(trusting, xForwarded, "http://drive.example.com")).status).toBe(403);
  });
});

describe("the session cookie", () => {
  /** Logs out (which clears the cookie) and returns the Set-Cookie sent back. */
  async function clearedCookie(server: TestServer, headers: Record<string, string>) {
    const user = await createUser(server);
    const res = await fetch(`${urlOf(server.app)}/api/auth/logout`, {
      method: "POST",
      headers: { cookie: user.cookie, ...headers },
    });
    expect(res.status).toBe(204);
    return res.headers.get("set-cookie") ?? "";
  }

  it("is Secure when the trusted proxy says the browser used https", async () => {
    expect(await clearedCookie(trusting, { "x-forwarded-proto": "https" })).toMatch(/;\s*Secure/i);
    expect(await clearedCookie(trusting, { forwarded: "proto=https" })).toMatch(/;\s*Secure/i);
  });

  it("is not Secure over plain http, nor when an untrusted peer claims https", async () => {
    expect(await clearedCookie(trusting, {})).not.toMatch(/Secure/i);
    expect(await clearedCookie(elsewhere, { "x-forwarded-proto": "https" })).not.toMatch(/Secure/i);
  });
});

describe("TELDRIVE_URL", () => {
  it("keeps a path prefix: /api/x is forwarded to <prefix>/api/x", async () => {
    const seen: string[] = [];
    const upstream = http.createServer((req, res) => {
      seen.push(req.url ?? "");
      res.setHeader("content-type", "application/json");
      res.end('{"version":"1.8.3"}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const config = { ...loadConfig({ DATA_DIR: trusting.config.dataDir, TELDRIVE_URL: `${base}/teldrive/` }) };
    const proxy = await buildApp({ config, db: trusting.db });
    try {
      const res = await proxy.inject({ url: "/api/version?x=1" });
      expect(res.statusCode).toBe(200);
      expect(seen).toEqual(["/teldrive/api/version?x=1"]);
    } finally {
      await proxy.close();
      upstream.close();
    }
  });

  it("refuses at start anything but an absolute http(s) URL, and a TRUST_PROXY that is not an address", async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
          cwd: path.resolve(import.meta.dirname, ".."),
          env: { ...process.env, DATA_DIR: path.join(trusting.config.dataDir, "never"), PORT: "0", ...env },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (d: Buffer) => (output += d));
        child.stderr.on("data", (d: Buffer) => (output += d));
        child.on("exit", (code) => resolve({ code, output }));
      });
    for (const bad of ["teldrive.example.com", "ftp://teldrive.example.com", "https://u:p@host/"]) {
      const { code, output } = await run({ TELDRIVE_URL: bad });
      expect(code, bad).toBe(1);
      expect(output).toMatch(/TELDRIVE_URL/);
    }
    const { code, output } = await run({ TRUST_PROXY: "my-proxy" });
    expect(code).toBe(1);
    expect(output).toMatch(/TRUST_PROXY: "my-proxy"/);
  });
});
