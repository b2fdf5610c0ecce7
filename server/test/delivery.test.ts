import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { capabilitiesOf } from "../src/capabilities/routes.js";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { storeFile } from "./upload-fixtures.js";

let server: TestServer;
let app: FastifyInstance;
let dist: string;
let cookie: string;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;

beforeAll(async () => {
  server = await startServer();
  ({ cookie } = await createUser(server));
  // A client build as `vite build` leaves it: each asset with its Brotli and gzip copies.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "drive-dist-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><script type="module" src="/assets/app.js"></script>',
  );
  const asset = path.join(dist, "assets", "app.js");
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  app = await buildApp({ config: { ...server.config, webDist: dist }, db: server.db });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { cookie, ...headers } });

describe("the client build", () => {
  it("goes out precompressed in the encoding the browser prefers, with Vary and a long cache life", async () => {
    const br = await get("/assets/app.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await get("/assets/app.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get("/assets/app.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe("API responses", () => {
  it("compresses JSON above the threshold and leaves small answers as they are", async () => {
    for (let i = 0; i < 40; i++) {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/files",
        headers: { cookie },
        payload: { name: `report-${i}.txt`, type: "file", path: "/", size: 0, parts: [] },
      });
      expect(res.statusCode).toBe(201);
    }
    const list = await get("/api/files?path=/", { "accept-encoding": "br, gzip" });
    expect(list.headers["content-encoding"]).toBe("br");
    expect(list.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString()) as { items: unknown[] };
    expect(json.items).toHaveLength(40);

    const gz = await get("/api/files?path=/", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");

    const small = await get("/api/capabilities", { "accept-encoding": "br, gzip" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ ...capabilitiesOf(server.config), videoPosters: expect.any(Boolean) });
  });

  it("never compresses file content, so sizes and byte ranges stay those of the file", async () => {
    const text = Buffer.from("line of a log file\n".repeat(2000));
    const file = await storeFile(server, cookie, text, { name: "big.json", mimeType: "application/json" });
    const res = await get(`/api/files/${file.id}/big.json`, { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(text.length);
    expect(res.rawPayload.equals(text)).toBe(true);

    const range = await get(`/api/files/${file.id}/big.json`, { "accept-encoding": "br, gzip", range: "bytes=0-99" });
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.rawPayload.equals(text.subarray(0, 100))).toBe(true);
  });

  it("keeps request bodies as they were taken before: a body labelled with an unknown encoding is not refused", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/files",
      headers: { cookie, "content-type": "application/json", "content-encoding": "x-custom" },
      payload: JSON.stringify({ name: "labelled.txt", type: "file", path: "/", size: 0, parts: [] }),
    });
    expect(res.statusCode).toBe(201);
  });
});
