import { describe, expect, it } from "vitest";
import { call, create, type FileListJson, type TestUser } from "./files-api.js";
import { type TestServer, withServerAndTwoUsers } from "./helpers.js";

let server: TestServer;
let user: TestUser;
let other: TestUser;
withServerAndTwoUsers((started) => {
  ({
    server,
    users: [user, other],
  } = started);
});

const starred = async (who: TestUser) => {
  const res = await call<Pick<FileListJson, "items">>(server, who, "GET", "/stars");
  expect(res.status).toBe(200);
  return res.body.items.map((f) => f.name);
};

describe("stars", () => {
  it("are advertised in /capabilities", async () => {
    expect((await call<{ stars?: boolean }>(server, null, "GET", "/capabilities")).body.stars).toBe(true);
  });

  it("stars files and folders per user, lists them newest first, and removes them", async () => {
    const folder = await create(server, user, { name: "Projects", type: "folder", path: "/" });
    const file = await create(server, user, {
      name: "plan.txt",
      type: "file",
      path: "/Projects",
      mimeType: "text/plain",
      size: 0,
    });
    expect(await starred(user)).toEqual([]);

    expect((await call(server, user, "PUT", `/stars/${folder.id}`)).status).toBe(204);
    expect((await call(server, user, "PUT", `/stars/${file.id}`)).status).toBe(204);
    // Starring again changes nothing.
    expect((await call(server, user, "PUT", `/stars/${file.id}`)).status).toBe(204);
    const { body } = await call<Pick<FileListJson, "items">>(server, user, "GET", "/stars");
    expect(body.items.map((f) => [f.name, f.type, f.id])).toEqual([
      ["plan.txt", "file", file.id],
      ["Projects", "folder", folder.id],
    ]);
    expect(await starred(other)).toEqual([]);

    expect((await call(server, user, "DELETE", `/stars/${file.id}`)).status).toBe(204);
    expect(await starred(user)).toEqual(["Projects"]);
    // Removing a star that is not there is fine for the owner.
    expect((await call(server, user, "DELETE", `/stars/${file.id}`)).status).toBe(204);
  });

  it("refuses items of another user, unknown ids and callers without a session", async () => {
    const mine = await create(server, user, { name: "Private", type: "folder", path: "/" });
    await call(server, user, "PUT", `/stars/${mine.id}`);
    expect(await call(server, other, "PUT", `/stars/${mine.id}`)).toEqual({
      status: 404,
      body: { code: 404, message: "file not found" },
    });
    expect((await call(server, other, "DELETE", `/stars/${mine.id}`)).status).toBe(404);
    expect((await call(server, user, "PUT", "/stars/not-a-uuid")).status).toBe(404);
    expect((await call(server, user, "DELETE", "/stars/../files")).status).toBe(404);
    expect((await call(server, null, "GET", "/stars")).status).toBe(401);
    expect((await call(server, null, "PUT", `/stars/${mine.id}`)).status).toBe(401);
    // The other user's attempt did not take the owner's star away.
    expect(await starred(user)).toContain("Private");
    expect(await starred(other)).toEqual([]);
  });

  it("hides starred items in the trash and drops their star when they are deleted for good", async () => {
    const file = await create(server, user, {
      name: "old.txt",
      type: "file",
      path: "/",
      mimeType: "text/plain",
      size: 0,
    });
    await call(server, user, "PUT", `/stars/${file.id}`);
    expect(await starred(user)).toContain("old.txt");
    expect((await call(server, user, "POST", "/files/delete", { ids: [file.id] })).status).toBeLessThan(300);
    expect(await starred(user)).not.toContain("old.txt");
    await server.db.query("DELETE FROM files WHERE id = $1", [file.id]);
    expect(await server.db.query("SELECT 1 FROM stars WHERE file_id = $1", [file.id])).toEqual([]);
  });
});
