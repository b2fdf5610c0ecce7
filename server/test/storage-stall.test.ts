import crypto from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadStorageConfig } from "../src/storage/config.js";
import { create } from "./files-api.js";
import { createUser, startServer, type TestServer } from "./helpers.js";

/**
 * An S3 store that takes connections and never answers (a hung gateway, a dead disk behind it): every request that
 * needs the store answers 503 once the store's time is up, instead of waiting forever. The "store" here is a local
 * TCP server that reads whatever comes and sends nothing.
 */

const held = new Set<net.Socket>();
const silent = net.createServer((socket) => {
  held.add(socket);
  socket.on("error", () => {});
  socket.on("close", () => held.delete(socket));
  socket.resume();
});
let server: TestServer;

beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port } = silent.address() as net.AddressInfo;
  const env = {
    STORAGE: "s3",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: "stalled",
    S3_ACCESS_KEY: "key",
    S3_SECRET_KEY: "secret",
  };
  const storage = loadStorageConfig(env);
  if (storage.kind !== "s3") throw new Error("an S3 configuration was expected");
  server = await startServer(env, { storage: { ...storage, timeouts: { answerMs: 300, idleMs: 1000 } } });
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await server?.close();
});

const unavailable = { code: 503, message: "the file store did not answer in time; try again" };

describe("a store that never answers", () => {
  it("makes each request that needs it answer 503", { timeout: 120_000 }, async () => {
    const user = await createUser(server);
    const headers = { cookie: user.cookie };

    const channel = await server.app.inject({
      method: "POST",
      url: "/api/users/channels",
      headers,
      payload: { channelName: "new" },
    });
    expect({ status: channel.statusCode, body: channel.json() }).toEqual({ status: 503, body: unavailable });

    const part = await server.app.inject({
      method: "POST",
      url: "/api/uploads/stalled?partName=p&fileName=p&partNo=1",
      headers: { ...headers, "content-type": "application/octet-stream" },
      payload: crypto.randomBytes(10_000),
    });
    expect({ status: part.statusCode, body: part.json() }).toEqual({ status: 503, body: unavailable });
    expect((await server.app.inject({ url: "/api/uploads/stalled", headers })).json()).toEqual([]);

    // A file whose part the database knows (stored while the store still answered).
    const [selected] = await server.db.query<{ channel_id: number }>(
      "SELECT channel_id FROM channels WHERE user_id = $1",
      [user.userId],
    );
    const [stored] = await server.db.query<{ id: number }>(
      "INSERT INTO parts (id, channel_id, user_id, size) VALUES (nextval('part_ids'), $1, $2, 100) RETURNING id",
      [selected?.channel_id, user.userId],
    );
    const file = await create(server, user, {
      name: "a.bin",
      type: "file",
      path: "/",
      size: 100,
      channelId: selected?.channel_id,
      parts: [{ id: stored?.id }],
    });
    const read = await server.app.inject({ url: `/api/files/${file.id}/a.bin`, headers });
    expect({ status: read.statusCode, body: read.json() }).toEqual({ status: 503, body: unavailable });
  });
});
