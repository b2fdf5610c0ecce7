import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../src/auth/passwords.js";
import { call, create, type TestUser, wrongFolderCounts } from "./files-api.js";
import { createUser, startServer, type TestServer } from "./helpers.js";

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startServer();
  user = await createUser(server);
});
afterAll(() => server.close());

interface ShareJson {
  id: string;
  protected: boolean;
  expiresAt?: string;
  name: string;
  type: string;
}

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, "Z");
const storedPassword = async (shareId: string) =>
  (await server.db.query<{ password: string | null }>("SELECT password FROM file_shares WHERE id = $1", [shareId]))[0]
    ?.password;

describe("per-file shares", () => {
  it("creates, reads, updates and deletes a share", async () => {
    const folder = await create(server, user, { name: "Shared", type: "folder", path: "/" });
    const url = `/files/${folder.id}/share`;
    expect(await call(server, user, "GET", url)).toEqual({
      status: 404,
      body: { code: 404, message: "invalid share" },
    });

    const expiresAt = inAnHour();
    const created = await call(server, user, "POST", url, { password: "s3cret", expiresAt });
    expect(created).toEqual({ status: 201, body: null });
    const got = await call<ShareJson>(server, user, "GET", url);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ id: got.body.id, protected: true, expiresAt, name: "Shared", type: "folder" });
    expect(got.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const hash = await storedPassword(got.body.id);
    expect(hash).not.toBe("s3cret");
    expect(await verifyPassword("s3cret", hash ?? "")).toBe(true);

    expect((await call(server, user, "POST", url, {})).status).toBe(409);

    // An empty password changes nothing (like Teldrive); a new one replaces it.
    expect((await call(server, user, "PATCH", url, { password: "" })).status).toBe(204);
    expect(await verifyPassword("s3cret", (await storedPassword(got.body.id)) ?? "")).toBe(true);
    expect((await call(server, user, "PATCH", url, { password: "other" })).status).toBe(204);
    expect(await verifyPassword("other", (await storedPassword(got.body.id)) ?? "")).toBe(true);

    // null removes the password and the expiry.
    expect((await call(server, user, "PATCH", url, { password: null, expiresAt: null })).status).toBe(204);
    expect((await call<ShareJson>(server, user, "GET", url)).body).toEqual({
      id: got.body.id,
      protected: false,
      name: "Shared",
      type: "folder",
    });

    expect((await call(server, user, "DELETE", url)).status).toBe(204);
    expect((await call(server, user, "GET", url)).status).toBe(404);
    expect((await call(server, user, "DELETE", url)).status).toBe(404);
    expect((await call(server, user, "PATCH", url, { password: "x" })).status).toBe(404);
  });

  it("creates an open share without a body", async () => {
    const file = await create(server, user, { name: "open.txt", type: "file", path: "/", size: 0 });
    const res = await server.app.inject({
      method: "POST",
      url: `/api/files/${file.id}/share`,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(201);
    const got = await call<ShareJson>(server, user, "GET", `/files/${file.id}/share`);
    expect(got.body).toMatchObject({ protected: false, name: "open.txt", type: "file" });
    expect(got.body.expiresAt).toBeUndefined();
  });

  it("refuses a past expiry and wrong types with 400", async () => {
    const file = await create(server, user, { name: "p.txt", type: "file", path: "/", size: 0 });
    const url = `/files/${file.id}/share`;
    expect((await call(server, user, "POST", url, { expiresAt: "2001-01-01T00:00:00Z" })).status).toBe(400);
    expect((await call(server, user, "POST", url, { expiresAt: "tomorrow" })).status).toBe(400);
    expect((await call(server, user, "POST", url, { password: 5 })).status).toBe(400);
    expect((await call(server, user, "GET", url)).status).toBe(404);
    expect((await call(server, user, "POST", url, {})).status).toBe(201);
    expect((await call(server, user, "PATCH", url, { expiresAt: "2001-01-01T00:00:00Z" })).status).toBe(400);
  });

  it("answers 404 for unknown files", async () => {
    const url = "/files/00000000-0000-4000-8000-000000000000/share";
    for (const method of ["GET", "POST", "PATCH", "DELETE"] as const)
      expect(
        (await call(server, user, method, url, method === "GET" || method === "DELETE" ? undefined : {})).status,
      ).toBe(404);
  });
});

describe("folder child counts", () => {
  it("stay exact after everything above", async () => {
    expect(await wrongFolderCounts(server)).toEqual([]);
  });
});
