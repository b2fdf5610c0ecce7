import crypto from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../src/auth/api-keys.js";
import { emitEvent } from "../src/events/emit.js";
import { pruneEvents } from "../src/events/prune.js";
import { liveEventsOf, MAX_REPLAY } from "../src/events/routes.js";
import { STREAM_BUFFER_BYTES } from "../src/events/stream.js";
import { type EventJson, EventStreamClient } from "./event-stream-client.js";
import { call, create, type FileJson, itemAt, mkdir, type TestUser } from "./files-api.js";
import { createUser, jobsDone, startServer, type TestServer } from "./helpers.js";
import { uploadParts } from "./upload-fixtures.js";

/**
 * Live events (`GET /events/stream`, docs/api.md "Live events") over real sockets: every write path is seen by a
 * subscriber, only by its own user, a reconnect resumes or is told to reload, a stuck reader costs bounded memory.
 */

let server: TestServer;
let base = "";
let alice: TestUser;
let bob: TestUser;
const open: EventStreamClient[] = [];

beforeAll(async () => {
  // Small batches, so copies and deletes of a few rows take the background path too.
  server = await startServer({ DELETE_BATCH_ROWS: "3" });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const address = server.app.server.address() as net.AddressInfo;
  base = `http://127.0.0.1:${address.port}`;
  alice = await createUser(server);
  bob = await createUser(server);
});
afterAll(async () => {
  for (const c of open) c.close();
  await server.close();
});

async function subscribe(
  user: TestUser | { headers: Record<string, string> },
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const auth = "cookie" in user ? { cookie: user.cookie } : user.headers;
  const client = await EventStreamClient.open(base, { ...auth, ...headers }, query);
  open.push(client);
  expect(client.status).toBe(200);
  return client;
}

/** Waits until this instance has read the whole change log (so what follows is not delivered live). */
async function caughtUp() {
  const [row] = await server.db.query<{ seq: number }>("SELECT max(seq) AS seq FROM events");
  await expect.poll(() => liveEventsOf(server.db)?.hub.position(), { timeout: 60_000 }).toBe(Number(row?.seq));
}

const of = (type: string, name: string) => (e: EventJson) => e.type === type && e.source?.name === name;

describe("what a subscriber sees", () => {
  it("streams with the headers a proxy needs, heartbeats, and a capability that says so", async () => {
    const stream = await subscribe(alice, { interval: "1000" });
    expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(stream.headers["x-accel-buffering"]).toBe("no");
    expect(stream.headers["cache-control"]).toBe("no-cache");
    await stream.waitForComment("ping");
    const caps = await call<{ events: boolean }>(server, null, "GET", "/capabilities");
    expect(caps.body.events).toBe(true);
    const anonymous = await fetch(`${base}/api/events/stream`);
    expect(anonymous.status).toBe(401);
  });

  it("announces every API-A write: create, upload, rename, move, copy, delete, restore, delete for good", async () => {
    const stream = await subscribe(alice);
    await mkdir(server, alice, "/Live");
    const folder = await stream.waitFor(of("files.created", "Live"));
    expect(folder.source?.type).toBe("folder");
    expect(folder.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(folder.createdAt ?? "")).not.toBeNaN();

    const uploadId = crypto.randomUUID();
    await uploadParts(server, alice.cookie, Buffer.alloc(3000, 7), { partSize: 1000, uploadId, name: "notes.txt" });
    const progress = await stream.waitFor((e) => e.type === "uploads.progress" && e.source?.progress?.parts === 3);
    expect(progress.source).toMatchObject({ id: uploadId, name: "notes.txt", progress: { bytes: 3000 } });
    const file = await create(server, alice, { name: "notes.txt", type: "file", path: "/Live", uploadId, size: 3000 });
    const created = await stream.waitFor(of("files.created", "notes.txt"));
    expect(created.source).toMatchObject({ id: file.id, type: "file", parentId: folder.source?.id });

    expect((await call(server, alice, "PATCH", `/files/${file.id}`, { name: "renamed.txt" })).status).toBe(200);
    await stream.waitFor((e) => e.type === "files.updated" && e.source?.id === file.id);

    await mkdir(server, alice, "/Elsewhere");
    const away = await itemAt(server, alice, "/", "Elsewhere");
    expect(
      (await call(server, alice, "POST", "/files/move", { ids: [file.id], destinationParent: "/Elsewhere" })).status,
    ).toBe(204);
    const moved = await stream.waitFor((e) => e.type === "files.moved" && e.source?.id === file.id);
    expect(moved.source).toMatchObject({ parentId: folder.source?.id, destParentId: away.id });

    const copy = await call<FileJson>(server, alice, "POST", `/files/${file.id}/copy`, {
      newName: "copy.txt",
      destination: "/Live",
    });
    expect(copy.status).toBeLessThan(300);
    await stream.waitFor(of("files.copied", "copy.txt"));

    expect((await call(server, alice, "POST", "/files/delete", { ids: [file.id] })).status).toBe(204);
    await stream.waitFor((e) => e.type === "files.deleted" && e.source?.id === file.id);
    const from = stream.messages.length;
    expect((await call(server, alice, "POST", "/trash/restore", { ids: [file.id] })).status).toBe(200);
    await stream.waitFor((e) => e.type === "files.created" && e.source?.id === file.id, from);
    expect((await call(server, alice, "POST", "/files/delete", { ids: [file.id] })).status).toBe(204);
    const again = stream.messages.length;
    expect((await call(server, alice, "POST", "/trash/delete", { ids: [file.id] })).status).toBe(204);
    await stream.waitFor((e) => e.type === "files.deleted" && e.source?.id === file.id, again);
  });

  it("announces API-B writes, and writes signed in with an API key (as rclone or WebDAV tools make them)", async () => {
    const stream = await subscribe(alice, { types: "files.*" });
    await mkdir(server, alice, "/B1");
    await mkdir(server, alice, "/B2");
    const b1 = await itemAt(server, alice, "/", "B1");
    const b2 = await itemAt(server, alice, "/", "B2");
    // Teldrive main's client names the destination folder by id (ours by path).
    const moved = await call(server, alice, "POST", "/files/move", { ids: [b1.id], destinationParent: b2.id });
    expect(moved.status).toBeLessThan(300);
    await stream.waitFor((e) => e.type === "files.moved" && e.source?.id === b1.id && e.source.destParentId === b2.id);

    const made = await createApiKey(server.db, alice.userId, { name: "rclone", expiresAt: null });
    if (!made) throw new Error("no API key");
    const { key } = made;
    const res = await fetch(`${base}/api/files/mkdir`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: JSON.stringify({ path: "/From rclone" }),
    });
    expect(res.status).toBe(204);
    await stream.waitFor(of("files.created", "From rclone"));
  });

  it("announces what background jobs do: the rest of a big copy, a deleted tree settled in steps", async () => {
    await mkdir(server, alice, "/Tree/a/b");
    for (const name of ["1", "2", "3", "4", "5"])
      await create(server, alice, { name, type: "folder", path: "/Tree/a" });
    const tree = await itemAt(server, alice, "/", "Tree");
    const stream = await subscribe(alice);
    // DELETE_BATCH_ROWS is 3: the request copies the first batch, the copy-tree job the rest.
    const copy = await call<FileJson>(server, alice, "POST", `/files/${tree.id}/copy`, {
      newName: "Tree 2",
      destination: "/",
    });
    expect(copy.status).toBeLessThan(300);
    await jobsDone(server);
    for (const name of ["1", "5", "b"]) await stream.waitFor(of("files.copied", name));
    expect((await call(server, alice, "POST", "/files/delete", { ids: [tree.id] })).status).toBe(204);
    await jobsDone(server);
    // The settle job trashes the rows below in steps; each step is announced (search results must drop them).
    for (const name of ["a", "1", "5", "b"]) await stream.waitFor(of("files.deleted", name));
  });

  it("sends each user only their own events", async () => {
    const bobs = await subscribe(bob);
    const alices = await subscribe(alice);
    await mkdir(server, alice, "/Private to Alice");
    await mkdir(server, bob, "/Bob's");
    await alices.waitFor(of("files.created", "Private to Alice"));
    await bobs.waitFor(of("files.created", "Bob's"));
    // Bob's stream got his folder after Alice's was written, and nothing of hers.
    expect(bobs.events().map((e) => e.source?.name)).toEqual(["Bob's"]);
    const polled = await call<EventJson[]>(server, bob, "GET", "/events");
    // Newest first: his folder, then his drive's root made with his account.
    expect(polled.body.map((e) => e.source?.name)).toEqual(["Bob's", "root"]);
    expect(polled.body[0]).toMatchObject({ type: "files.created", source: { type: "folder" } });
  });

  it("sends only the types asked for", async () => {
    const moves = await subscribe(alice, { types: "files.moved,jobs.progress" });
    await mkdir(server, alice, "/Filtered");
    await mkdir(server, alice, "/Filtered target");
    const item = await itemAt(server, alice, "/", "Filtered");
    await call(server, alice, "POST", "/files/move", { ids: [item.id], destinationParent: "/Filtered target" });
    await moves.waitFor((e) => e.type === "files.moved");
    expect(moves.events().map((e) => e.type)).toEqual(["files.moved"]);
  });
});

describe("reconnecting", () => {
  it("resumes after Last-Event-ID with exactly what was missed, in order", async () => {
    const first = await subscribe(alice);
    await mkdir(server, alice, "/Before");
    await first.waitFor(of("files.created", "Before"));
    const lastId = first.lastId() ?? "";
    first.close();
    await mkdir(server, alice, "/Missed 1");
    await mkdir(server, alice, "/Missed 2");
    const again = await subscribe(alice, {}, { "last-event-id": lastId });
    await again.waitFor(of("files.created", "Missed 2"));
    expect(again.events().map((e) => e.source?.name)).toEqual(["Missed 1", "Missed 2"]);
    expect(Number(again.lastId())).toBeGreaterThan(Number(lastId));
  });

  it("tells a client that fell too far behind to reload, and where it then stands", async () => {
    const first = await subscribe(bob);
    await mkdir(server, bob, "/Old");
    await first.waitFor(of("files.created", "Old"));
    const lastId = first.lastId() ?? "";
    first.close();
    await server.db.tx(async (q) => {
      for (let i = 0; i <= MAX_REPLAY; i++)
        await emitEvent(q, bob.userId, "jobs.progress", {
          id: `job-${i}`,
          name: "import",
          type: "folder",
          parentId: "",
        });
    });
    await caughtUp();
    const behind = await subscribe(bob, {}, { "last-event-id": lastId });
    const reload = await behind.waitFor((e) => e.type === "reload");
    expect(reload.reason).toBe("behind");
    expect(behind.events().filter((e) => e.type === "jobs.progress")).toEqual([]);
    // From the position it was given, it resumes normally.
    const position = behind.lastId() ?? "";
    behind.close();
    await mkdir(server, bob, "/After reload");
    const resumed = await subscribe(bob, {}, { "last-event-id": position });
    await resumed.waitFor(of("files.created", "After reload"));
    expect(resumed.events().map((e) => e.type)).toEqual(["files.created"]);
  });

  it("tells a client to reload when the events it missed were pruned", async () => {
    const first = await subscribe(bob);
    await mkdir(server, bob, "/Pruned");
    await first.waitFor(of("files.created", "Pruned"));
    const lastId = first.lastId() ?? "";
    first.close();
    await mkdir(server, bob, "/Gone from the log");
    expect(await pruneEvents(server.db, 0)).toBeGreaterThan(0);
    const late = await subscribe(bob, {}, { "last-event-id": lastId });
    const reload = await late.waitFor((e) => e.type === "reload");
    expect(reload.reason).toBe("pruned");
  });
});

describe("a reader that stops reading", () => {
  it("costs a bounded buffer; when it reads again it is told to reload", async () => {
    const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`GET /api/events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${alice.cookie}\r\n\r\n`);
    let received = "";
    await new Promise<void>((resolve) =>
      socket.on("data", (chunk) => {
        received += chunk.toString("latin1");
        if (received.includes(": connected")) resolve();
      }),
    );
    socket.pause();
    const live = liveEventsOf(server.db);
    if (!live) throw new Error("no live events on this server");
    // 40 MB of events, far more than the socket buffers of both ends hold.
    const big = "x".repeat(20_000);
    const count = 2000;
    for (let i = 0; i < count; i += 100)
      await server.db.tx(async (q) => {
        for (let j = i; j < i + 100; j++)
          await emitEvent(q, alice.userId, "jobs.progress", { id: `big-${j}`, name: big, type: "file", parentId: "" });
      });
    // Every event has reached the stream (the hub read it), yet the connection holds at most its bound.
    await caughtUp();
    const held = [...live.streams].reduce((sum, s) => sum + s.bufferedBytes(), 0);
    expect(held).toBeLessThan(STREAM_BUFFER_BYTES + 64 * 1024);

    const got = new Promise<void>((resolve) =>
      socket.on("data", () => {
        if (received.includes('"type":"reload","reason":"overflow"')) resolve();
      }),
    );
    socket.resume();
    await got;
    socket.destroy();
    const delivered = received.split("big-").length - 1;
    expect(delivered).toBeLessThan(count);
  });
});
