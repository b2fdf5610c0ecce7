import { afterAll, beforeAll, expect, it } from "vitest";
import pkg from "../package.json" with { type: "json" };
import { startServer, type TestServer } from "./helpers.js";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

it("answers GET /api/version without a session, with Teldrive's fields and the runtime", async () => {
  const res = await server.app.inject({ method: "GET", url: "/api/version" });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    version: pkg.version,
    commitSHA: expect.any(String),
    goVersion: `node${process.versions.node}`,
    runtime: `node ${process.version}`,
    os: process.platform,
    arch: process.arch,
  });
  expect(res.json<{ runtime: string }>().runtime).toMatch(/^node v\d+\.\d+\.\d+$/);
});
