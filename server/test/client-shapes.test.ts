import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, startServer, type TestServer } from "./helpers.js";

// Request shapes other Teldrive clients send (Teldrive's own web client sets Content-Type: application/json on
// every call and builds paths like "//Folder"), which our own client never does.

let server: TestServer;
let user: { userId: number; cookie: string; hash: string };

beforeAll(async () => {
  server = await startServer();
  user = await createUser(server);
});
afterAll(() => server.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** A call with `Content-Type` set and no body at all, as fetch wrappers send it. */
const bare = (method: Method, url: string, contentType = "application/json", cookie = user.cookie) =>
  server.app.inject({ method, url, headers: { cookie, "content-type": contentType } });

const json = (method: Method, url: string, payload: unknown) =>
  server.app.inject({ method, url, headers: { cookie: user.cookie }, payload: payload as object });

async function newFolder(name: string, path = "/"): Promise<string> {
  const res = await json("POST", "/api/files", { name, type: "folder", path });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe("an empty body with Content-Type: application/json", () => {
  it("signs out", async () => {
    const other = await createUser(server);
    expect((await bare("POST", "/api/auth/logout", "application/json", other.cookie)).statusCode).toBe(204);
    expect((await bare("GET", "/api/users/config", "application/json", other.cookie)).statusCode).toBe(401);
  });

  it("turns a share off for real", async () => {
    const id = await newFolder("shared-once");
    expect((await json("POST", `/api/files/${id}/share`, {})).statusCode).toBe(201);
    const shareId = (await json("GET", `/api/files/${id}/share`, undefined)).json<{ id: string }>().id;
    expect((await bare("DELETE", `/api/files/${id}/share`)).statusCode).toBe(204);
    expect((await server.app.inject({ url: `/api/shares/${shareId}` })).statusCode).toBe(404);
  });

  it("revokes a session, syncs and deletes a channel, removes bots", async () => {
    const second = await server.db.query<{ hash: string }>(
      "INSERT INTO sessions (hash, user_id, token_hash, app_name, expires_at) VALUES ($1, $2, $3, 'x', now() + interval '1 day') RETURNING hash",
      [crypto.randomBytes(16).toString("hex"), user.userId, crypto.randomBytes(32).toString("hex")],
    );
    expect((await bare("DELETE", `/api/users/sessions/${second[0]?.hash}`)).statusCode).toBe(204);
    expect((await bare("PATCH", "/api/users/channels/sync")).statusCode).toBe(204);
    expect((await json("POST", "/api/users/channels", { channelName: "Spare" })).statusCode).toBe(201);
    const channels = (await json("GET", "/api/users/channels", undefined)).json<
      { channelId: number; channelName: string }[]
    >();
    const spare = channels.find((c) => c.channelName === "Spare");
    expect((await bare("DELETE", `/api/users/channels/${spare?.channelId}`)).statusCode).toBe(204);
    expect((await bare("DELETE", "/api/users/bots")).statusCode).toBe(204);
  });

  it("is no body whatever the declared type", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/octet-stream"])
      expect((await bare("PATCH", "/api/users/channels/sync", type)).statusCode, type).toBe(204);
  });

  it("still gives 400 where a body is required, and for malformed JSON", async () => {
    expect((await bare("POST", "/api/files")).statusCode).toBe(400);
    const malformed = await server.app.inject({
      method: "POST",
      url: "/api/files",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      payload: "{nope",
    });
    expect(malformed.statusCode).toBe(400);
    const form = await server.app.inject({
      method: "POST",
      url: "/api/files",
      headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: "name=x",
    });
    expect(form.statusCode).toBe(415);
  });
});

describe("creating a folder that exists", () => {
  it("answers 201 with the same folder, so a re-uploaded folder merges into it", async () => {
    const id = await newFolder("Album");
    const again = await json("POST", "/api/files", { name: "Album", type: "folder", path: "//" });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id, name: "Album", type: "folder" });
    const listed = await json("GET", "/api/files?path=/&operation=find&name=Album", undefined);
    expect(listed.json<{ meta: { count: number } }>().meta.count).toBe(1);
  });

  it("creates inside it through a doubled slash, as Teldrive's client sends for folder uploads", async () => {
    await newFolder("Trip");
    const child = await json("POST", "/api/files", { name: "Day 1", type: "folder", path: "//Trip" });
    expect(child.statusCode).toBe(201);
    expect((await json("POST", "/api/files", { name: "Day 1", type: "folder", path: "//Trip/" })).json()).toMatchObject(
      {
        id: child.json<{ id: string }>().id,
      },
    );
  });

  it("keeps 409 when a file holds the name", async () => {
    expect((await json("POST", "/api/files", { name: "note.txt", type: "file", path: "/", size: 0 })).statusCode).toBe(
      201,
    );
    const res = await json("POST", "/api/files", { name: "note.txt", type: "folder", path: "/" });
    expect(res.statusCode).toBe(409);
  });
});

describe("URLs as other clients and proxies write them", () => {
  it("accepts a trailing slash and doubled slashes", async () => {
    for (const url of ["/api/users/config/", "/api//users//config", "/api/files/?path=//", "//api/version"])
      expect((await bare("GET", url)).statusCode, url).toBe(200);
  });
});

describe("NUL characters", () => {
  it("are a 400 in a query path, a move destination, an upload id and a JSON field, never a 500", async () => {
    const id = await newFolder("nul-test");
    const inQuery = await bare("GET", "/api/files?path=/a%00b");
    expect(inQuery.statusCode).toBe(400);
    const move = await json("POST", "/api/files/move", { ids: [id], destinationParent: "/x\u0000y" });
    expect(move.statusCode).toBe(400);
    expect(move.json().message).toMatch(/destinationParent/);
    const upload = await server.app.inject({
      method: "POST",
      url: "/api/uploads/up%00load?partName=a&fileName=a&partNo=1",
      headers: { cookie: user.cookie, "content-type": "application/octet-stream" },
      payload: Buffer.from("abc"),
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual({ code: 400, message: expect.stringContaining("NUL") });
  });
});
