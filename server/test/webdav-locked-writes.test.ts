import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, create, type FileJson, itemAt, type TestUser } from "./files-api.js";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { makeTree } from "./import-sources.js";
import { type DavClient, davClient, lockedMessage } from "./webdav-lock-client.js";

/**
 * A WebDAV lock holds against every other way a write lands in a folder: copies, new folders, restores from the trash,
 * saving a share, file-request uploads and imports. Each is refused while the lock is held and goes through after
 * UNLOCK; WebDAV's own MKCOL and COPY pass with the lock's token.
 */

let server: TestServer;
let user: TestUser;
let client: DavClient;
const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "drive-locked-import-"));

beforeAll(async () => {
  server = await startServer({ IMPORT_LOCAL_DIRS: localRoot });
  user = await createUser(server);
  client = await davClient(server, user.userId);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

const dav: DavClient["dav"] = (...args) => client.dav(...args);
const lock: DavClient["lock"] = (...args) => client.lock(...args);
const unlock: DavClient["unlock"] = (...args) => client.unlock(...args);

function expectLocked(res: { status: number; body: unknown }, name: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(423);
  expect((res.body as { message?: string }).message).toBe(lockedMessage(name));
}

const folder = (name: string, parent = "/") => create(server, user, { name, type: "folder", path: parent });
const file = (name: string, parent: string) => create(server, user, { name, type: "file", path: parent, size: 0 });

async function namesIn(dir: string, who: TestUser = user): Promise<string[]> {
  const res = await call<{ items: FileJson[] }>(server, who, "GET", `/files?path=${encodeURIComponent(dir)}&limit=100`);
  expect(res.status).toBe(200);
  return res.body.items.map((i) => i.name).sort();
}

describe("the JSON API's other writes", () => {
  it("refuses a copy into a locked folder, onto a locked name, or into a folder it would make there", async () => {
    await folder("Copy dest");
    await folder("Copy src");
    const source = await file("a.txt", "/Copy src");
    const dest = await itemAt(server, user, "/", "Copy dest");
    const token = await lock("/Copy dest");

    expectLocked(await call(server, user, "POST", `/files/${source.id}/copy`, { destination: dest.id }), "Copy dest");
    expectLocked(
      await call(server, user, "POST", `/files/${source.id}/copy`, { destination: "/Copy dest" }),
      "Copy dest",
    );
    expectLocked(
      await call(server, user, "POST", `/files/${source.id}/copy`, { destination: "/Copy dest/new/deeper" }),
      "Copy dest",
    );
    expect(await namesIn("/Copy dest")).toEqual([]);

    await unlock("/Copy dest", token);
    const copied = await call<FileJson>(server, user, "POST", `/files/${source.id}/copy`, { destination: dest.id });
    expect(copied.status).toBe(200);
    expect(await namesIn("/Copy dest")).toEqual(["a.txt"]);

    // A lock on one name there (a file a WebDAV client locked) refuses a copy that would take that name.
    const nameToken = await lock("/Copy dest/b.txt");
    expectLocked(
      await call(server, user, "POST", `/files/${source.id}/copy`, { destination: dest.id, newName: "b.txt" }),
      "b.txt",
    );
    // Another name in the same folder is not covered.
    const other = await call(server, user, "POST", `/files/${source.id}/copy`, {
      destination: dest.id,
      newName: "c.txt",
    });
    expect(other.status).toBe(200);
    await unlock("/Copy dest/b.txt", nameToken);
  });

  it("refuses making a folder in a locked folder, by mkdir or by POST /files", async () => {
    await folder("Mkdir");
    const token = await lock("/Mkdir", "0");
    expectLocked(await call(server, user, "POST", "/files/mkdir", { path: "/Mkdir/new" }), "Mkdir");
    expectLocked(await call(server, user, "POST", "/files", { name: "new", type: "folder", path: "/Mkdir" }), "Mkdir");
    // Folders on the way that exist already are passed through; only what would be made is a write.
    expect((await call(server, user, "POST", "/files/mkdir", { path: "/Mkdir" })).status).toBe(204);
    expect(await namesIn("/Mkdir")).toEqual([]);

    await unlock("/Mkdir", token);
    expect((await call(server, user, "POST", "/files/mkdir", { path: "/Mkdir/new/deeper" })).status).toBe(204);
    expect(await namesIn("/Mkdir/new")).toEqual(["deeper"]);
  });

  it("refuses a restore into a locked folder, or over a locked item it would replace", async () => {
    await folder("Restore");
    const gone = await file("back.txt", "/Restore");
    expect((await call(server, user, "POST", "/files/delete", { ids: [gone.id] })).status).toBe(204);
    const token = await lock("/Restore");
    expectLocked(await call(server, user, "POST", "/trash/restore", { ids: [gone.id] }), "Restore");
    const trash = await call<{ items: FileJson[] }>(server, user, "GET", "/trash");
    expect(trash.body.items.map((i) => i.id)).toContain(gone.id);
    await unlock("/Restore", token);

    // The name it would come back to is held by a new, locked file: replacing it is refused, the other ways are not.
    await file("back.txt", "/Restore");
    const held = await lock("/Restore/back.txt");
    expectLocked(
      await call(server, user, "POST", "/trash/restore", { ids: [gone.id], onConflict: "replace" }),
      "back.txt",
    );
    expect(await namesIn("/Restore")).toEqual(["back.txt"]);
    await unlock("/Restore/back.txt", held);
    const restored = await call<{ restored: FileJson[] }>(server, user, "POST", "/trash/restore", {
      ids: [gone.id],
      onConflict: "replace",
    });
    expect(restored.status).toBe(200);
    expect(restored.body.restored.map((r) => r.id)).toEqual([gone.id]);
  });

  it("refuses saving a share into a locked folder", async () => {
    const owner = await createUser(server);
    const shared = await create(server, owner, { name: "gift.txt", type: "file", path: "/", size: 0 });
    expect((await call(server, owner, "POST", `/files/${shared.id}/share`, {})).status).toBe(201);
    const shareId = (await call<{ id: string }>(server, owner, "GET", `/files/${shared.id}/share`)).body.id;
    await folder("Saved");
    const token = await lock("/Saved");
    expectLocked(await call(server, user, "POST", `/shares/${shareId}/save`, { destination: "/Saved" }), "Saved");
    expect(await namesIn("/Saved")).toEqual([]);
    await unlock("/Saved", token);
    expect((await call(server, user, "POST", `/shares/${shareId}/save`, { destination: "/Saved" })).status).toBe(200);
    expect(await namesIn("/Saved")).toEqual(["gift.txt"]);
  });
});

/** Import run `id` once it is in one of `states` (polled: a state, not a time). */
async function jobIn(id: number, states: string[]) {
  for (;;) {
    const res = await call<{ state: string; errors: { message: string }[]; output: { data: { pruned: number } } }>(
      server,
      user,
      "GET",
      `/jobs/${id}`,
    );
    if (states.includes(res.body.state)) return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("writes that do not come from the drive's owner", () => {
  it("refuses a file-request upload into a locked folder, before reading the file", async () => {
    const inbox = await folder("Inbox");
    const made = await call<{ id: string }>(server, user, "POST", "/file-requests", {
      folderId: inbox.id,
      title: "Send it",
    });
    expect(made.status).toBe(201);
    const send = async () => {
      const res = await server.app.inject({
        method: "POST",
        url: `/api/file-requests/${made.body.id}/files?name=report.pdf`,
        headers: { "content-type": "application/octet-stream" },
        payload: Buffer.from("report"),
      });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    const token = await lock("/Inbox");
    expectLocked(await send(), "Inbox");
    expect(await namesIn("/Inbox")).toEqual([]);
    await unlock("/Inbox", token);
    expect((await send()).status).toBe(201);
    expect(await namesIn("/Inbox")).toEqual(["report.pdf"]);
  });

  it("fails an import into a locked folder with the lock's sentence, and a retry after UNLOCK completes", async () => {
    const src = path.join(localRoot, "source");
    makeTree(src, { "one.txt": 100 });
    await folder("Imported");
    const token = await lock("/Imported");
    const started = await call<{ id: number }>(server, user, "POST", "/jobs", {
      kind: "sync.run",
      args: { source: `local://${src}`, destinationDir: "/Imported" },
    });
    expect(started.status).toBe(202);
    const job = (states: string[]) => jobIn(started.body.id, states);
    const failed = await job(["retryable", "discarded", "completed"]);
    expect(failed.state).not.toBe("completed");
    expect(failed.errors.at(-1)?.message).toBe(lockedMessage("Imported"));
    expect(await namesIn("/Imported")).toEqual([]);

    await unlock("/Imported", token);
    expect((await call(server, user, "POST", `/jobs/${started.body.id}/retry`)).status).toBe(202);
    expect((await job(["completed", "discarded"])).state).toBe("completed");
    expect(await namesIn("/Imported")).toEqual(["one.txt"]);
  });
  it("fails a sync import that would move a locked file to the trash, and prunes it after UNLOCK", async () => {
    const src = path.join(localRoot, "sync");
    makeTree(src, { "old.txt": 10 });
    const args = { source: `local://${src}`, destinationDir: "/Pruned", options: { sync: true } };
    const run = async () => {
      const res = await call<{ id: number }>(server, user, "POST", "/jobs", { kind: "sync.run", args });
      expect(res.status).toBe(202);
      return res.body.id;
    };
    expect((await jobIn(await run(), ["completed", "discarded"])).state).toBe("completed");
    fs.rmSync(path.join(src, "old.txt"));
    makeTree(src, { "new.txt": 10 });
    const token = await lock("/Pruned/old.txt");
    const id = await run();
    const failed = await jobIn(id, ["retryable", "discarded", "completed"]);
    expect(failed.state).not.toBe("completed");
    expect(failed.errors.at(-1)?.message).toBe(lockedMessage("old.txt"));
    // What the lock does not cover went in; the locked file stayed.
    expect(await namesIn("/Pruned")).toEqual(["new.txt", "old.txt"]);

    await unlock("/Pruned/old.txt", token);
    expect((await call(server, user, "POST", `/jobs/${id}/retry`)).status).toBe(202);
    const done = await jobIn(id, ["completed", "discarded"]);
    expect(done.state).toBe("completed");
    expect(done.output.data.pruned).toBe(1);
    expect(await namesIn("/Pruned")).toEqual(["new.txt"]);
  });
});

describe("WebDAV's own MKCOL and COPY", () => {
  it("refuse a locked folder without its token and pass with it", async () => {
    await folder("Dav");
    await file("f.txt", "/");
    const token = await lock("/Dav");
    expect((await dav("MKCOL", "/webdav/Dav/sub")).statusCode).toBe(423);
    expect((await dav("COPY", "/webdav/f.txt", { destination: "/webdav/Dav/f.txt" })).statusCode).toBe(423);
    expect((await dav("MKCOL", "/webdav/Dav/sub", { if: `(${token})` })).statusCode).toBe(201);
    // The token is tagged with the locked folder: an untagged list would be about the source, which no lock covers.
    const tagged = { destination: "/webdav/Dav/f.txt", if: `</webdav/Dav/> (${token})` };
    expect((await dav("COPY", "/webdav/f.txt", tagged)).statusCode).toBe(201);
    // The JSON API holds no tokens: the same lock still refuses it.
    expectLocked(await call(server, user, "POST", "/files/mkdir", { path: "/Dav/other" }), "Dav");
    await unlock("/Dav", token);
    expect(await namesIn("/Dav")).toEqual(["f.txt", "sub"]);
  });
});
