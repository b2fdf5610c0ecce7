import { describe, expect, it } from "vitest";
import { call, create, mkdir, partsOf, type TestUser } from "./files-api.js";
import { createUser, type TestServer, withServerAndTwoUsers } from "./helpers.js";

let server: TestServer;
let user: TestUser;
let other: TestUser;
withServerAndTwoUsers((started) => {
  ({
    server,
    users: [user, other],
  } = started);
});

interface ShareListJson {
  items: {
    id: string;
    protected: boolean;
    expiresAt?: string;
    expired: boolean;
    createdAt: string;
    file: { id: string; name: string; type: string; mimeType: string; size: number; path: string };
  }[];
  meta: { count: number; totalPages: number; currentPage: number };
}

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, "Z");
const myShares = async (who: TestUser, query = "") =>
  (await call<ShareListJson>(server, who, "GET", `/shares${query}`)).body;
/** Passes an expiry without waiting for it: the row's expiry is moved into the past, as time would. */
const expire = (shareId: string) =>
  server.db.query("UPDATE file_shares SET expires_at = now() - interval '1 minute' WHERE id = $1", [shareId]);

describe("GET /shares", () => {
  let reportId = "";
  let photosId = "";

  it("lists only the caller's shares, newest first, with the item, password, expiry and creation time", async () => {
    expect(await myShares(user)).toEqual({ items: [], meta: { count: 0, totalPages: 0, currentPage: 1 } });

    await mkdir(server, user, "/Work/2026");
    const report = await create(server, user, {
      name: "report.pdf",
      type: "file",
      path: "/Work/2026",
      mimeType: "application/pdf",
      parts: await partsOf(server, user, 10),
      size: 10,
    });
    const photos = await create(server, user, { name: "Photos", type: "folder", path: "/" });
    reportId = report.id;
    photosId = photos.id;
    const expiresAt = inAnHour();
    expect((await call(server, user, "POST", `/files/${report.id}/share`, { password: "pw", expiresAt })).status).toBe(
      201,
    );
    expect((await call(server, user, "POST", `/files/${photos.id}/share`, {})).status).toBe(201);
    const theirs = await create(server, other, { name: "theirs.txt", type: "file", path: "/", size: 0 });
    expect((await call(server, other, "POST", `/files/${theirs.id}/share`, {})).status).toBe(201);

    const before = Date.now();
    const list = await myShares(user);
    expect(list.meta).toEqual({ count: 2, totalPages: 1, currentPage: 1 });
    const reportShare = (await call<{ id: string }>(server, user, "GET", `/files/${report.id}/share`)).body.id;
    const photosShare = (await call<{ id: string }>(server, user, "GET", `/files/${photos.id}/share`)).body.id;
    expect(list.items).toEqual([
      {
        id: photosShare,
        protected: false,
        expired: false,
        createdAt: expect.any(String),
        file: { id: photos.id, name: "Photos", type: "folder", mimeType: "drive/folder", size: 0, path: "/Photos" },
      },
      {
        id: reportShare,
        protected: true,
        expiresAt,
        expired: false,
        createdAt: expect.any(String),
        file: {
          id: report.id,
          name: "report.pdf",
          type: "file",
          mimeType: "application/pdf",
          size: 10,
          path: "/Work/2026/report.pdf",
        },
      },
    ]);
    for (const item of list.items) expect(Math.abs(Date.parse(item.createdAt) - before)).toBeLessThan(3600_000);

    const theirList = await myShares(other);
    expect(theirList.items.map((s) => s.file.name)).toEqual(["theirs.txt"]);
    expect(await call(server, null, "GET", "/shares")).toMatchObject({ status: 401 });
  });

  it("pages", async () => {
    const first = await myShares(user, "?limit=1");
    const second = await myShares(user, "?limit=1&page=2");
    expect(first.meta).toEqual({ count: 2, totalPages: 2, currentPage: 1 });
    expect(second.meta).toEqual({ count: 2, totalPages: 2, currentPage: 2 });
    expect([...first.items, ...second.items].map((s) => s.file.name)).toEqual(["Photos", "report.pdf"]);
    expect((await call(server, user, "GET", "/shares?limit=0")).status).toBe(400);
    expect((await call(server, user, "GET", "/shares?page=x")).status).toBe(400);
  });

  it("marks an expired share, whose link is refused until the expiry is removed", async () => {
    const share = (await myShares(user)).items.find((s) => s.file.id === reportId);
    if (!share) throw new Error("report share not listed");
    await expire(share.id);
    const listed = (await myShares(user)).items.find((s) => s.id === share.id);
    expect(listed?.expired).toBe(true);
    expect(await call(server, null, "GET", `/shares/${share.id}`)).toEqual({
      status: 404,
      body: { code: 404, message: "share expired" },
    });

    expect((await call(server, user, "PATCH", `/files/${reportId}/share`, { expiresAt: null })).status).toBe(204);
    const cleared = (await myShares(user)).items.find((s) => s.id === share.id);
    expect(cleared).toMatchObject({ expired: false, protected: true });
    expect(cleared?.expiresAt).toBeUndefined();
    expect((await call(server, null, "GET", `/shares/${share.id}`)).status).toBe(200);
  });

  it("changes and removes the password: the old one is refused, then none is asked", async () => {
    const share = (await myShares(user)).items.find((s) => s.file.id === reportId);
    if (!share) throw new Error("report share not listed");
    const unlock = (password: string) => call(server, null, "POST", `/shares/${share.id}/unlock`, { password });
    expect((await unlock("pw")).status).toBe(204);
    expect((await call(server, user, "PATCH", `/files/${reportId}/share`, { password: "new pw" })).status).toBe(204);
    expect((await unlock("pw")).status).toBe(401);
    expect((await unlock("new pw")).status).toBe(204);

    expect((await call(server, user, "PATCH", `/files/${reportId}/share`, { password: null })).status).toBe(204);
    expect((await myShares(user)).items.find((s) => s.id === share.id)?.protected).toBe(false);
    expect((await call<{ protected: boolean }>(server, null, "GET", `/shares/${share.id}`)).body.protected).toBe(false);
    const files = await call<{ items: { name: string }[] }>(server, null, "GET", `/shares/${share.id}/files`);
    expect(files.status).toBe(200);
    expect(files.body.items.map((f) => f.name)).toEqual(["report.pdf"]);
  });

  it("revoking removes the share from the list and refuses its link; another user cannot revoke it", async () => {
    const share = (await myShares(user)).items.find((s) => s.file.id === photosId);
    if (!share) throw new Error("photos share not listed");
    expect((await call(server, other, "DELETE", `/files/${photosId}/share`)).status).toBe(404);
    expect((await call(server, other, "PATCH", `/files/${photosId}/share`, { password: null })).status).toBe(404);
    expect((await call(server, null, "GET", `/shares/${share.id}`)).status).toBe(200);

    expect((await call(server, user, "DELETE", `/files/${photosId}/share`)).status).toBe(204);
    expect((await myShares(user)).items.map((s) => s.file.name)).toEqual(["report.pdf"]);
    expect(await call(server, null, "GET", `/shares/${share.id}`)).toEqual({
      status: 404,
      body: { code: 404, message: "share not found" },
    });
    expect((await call(server, null, "GET", `/shares/${share.id}/files`)).status).toBe(404);
  });

  it("leaves out shares whose item was deleted", async () => {
    expect((await call(server, user, "POST", "/files/delete", { ids: [reportId] })).status).toBe(204);
    expect(await myShares(user)).toEqual({ items: [], meta: { count: 0, totalPages: 0, currentPage: 1 } });
  });
});

describe("what the details pane reads", () => {
  it("GET /files/{id} has createdAt, and partCount for files", async () => {
    const file = await create(server, user, {
      name: "two-parts.bin",
      type: "file",
      path: "/",
      parts: await partsOf(server, user, 8, 3),
      size: 11,
    });
    const got = await call<Record<string, unknown>>(server, user, "GET", `/files/${file.id}`);
    expect(got.body).toMatchObject({ name: "two-parts.bin", path: "/two-parts.bin", partCount: 2, encrypted: false });
    expect(Date.parse(String(got.body.createdAt))).not.toBeNaN();
    const folder = await create(server, user, { name: "Empty", type: "folder", path: "/" });
    const folderJson = (await call<Record<string, unknown>>(server, user, "GET", `/files/${folder.id}`)).body;
    expect(folderJson.partCount).toBeUndefined();
    expect(folderJson.createdAt).toEqual(expect.any(String));
  });

  it("GET /files/{id} of a folder says what its whole subtree holds, not 0 B", async () => {
    const owner = await createUser(server);
    await mkdir(server, owner, "/Album/2024");
    const top = await create(server, owner, { name: "Album", type: "folder", path: "/" });
    await create(server, owner, {
      name: "a.jpg",
      type: "file",
      path: "/Album",
      parts: await partsOf(server, owner, 5),
      size: 5,
    });
    await create(server, owner, {
      name: "b.jpg",
      type: "file",
      path: "/Album/2024",
      parts: await partsOf(server, owner, 7),
      size: 7,
    });
    const got = (await call<Record<string, unknown>>(server, owner, "GET", `/files/${top.id}`)).body;
    expect(got).toMatchObject({ type: "folder", contentSize: 12, contentCount: 3 });
    // Someone else's folder stays theirs.
    expect((await call(server, user, "GET", `/files/${top.id}`)).status).toBe(404);
  });

  it("/capabilities offers the share list and clearing", async () => {
    expect((await call(server, null, "GET", "/capabilities")).body).toMatchObject({
      shareList: true,
      shareClear: true,
    });
  });
});
