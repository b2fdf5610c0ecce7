import type { AddressInfo } from "node:net";
import { createApiKey } from "../src/auth/api-keys.js";
import { createUser, startServer, type TestServer } from "./helpers.js";

/** A real server listening on a loopback port, with a user and an API key for WebDAV's Basic password. */
export async function startWebdavServer(
  env: Record<string, string> = {},
): Promise<TestServer & { url: string; key: string; userId: number; cookie: string }> {
  const server = await startServer(env);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = server.app.server.address() as AddressInfo;
  const user = await createUser(server);
  const created = await createApiKey(server.db, user.userId, { name: "webdav test", expiresAt: null });
  if (!created) throw new Error("no API key");
  return { ...server, url: `http://127.0.0.1:${port}`, key: created.key, userId: user.userId, cookie: user.cookie };
}
