import { expect } from "vitest";
import { createApiKey } from "../src/auth/api-keys.js";
import type { TestServer } from "./helpers.js";

const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>me</D:owner></D:lockinfo>';

/** The sentence a write refused by a WebDAV lock answers with, naming the locked item or path. */
export const lockedMessage = (name: string) =>
  `"${name}" is locked by an app connected over WebDAV, so it can't be changed now. Try again when that app has unlocked it (locks end by themselves when it stops renewing them).`;

export type DavClient = Awaited<ReturnType<typeof davClient>>;

/** A WebDAV client of `userId` on `server`, signed in with an API key as rclone or Finder would be. */
export async function davClient(server: TestServer, userId: number) {
  const key = await createApiKey(server.db, userId, { name: "dav", expiresAt: null });
  if (!key) throw new Error("no API key");
  const authorization = `Basic ${Buffer.from(`me:${key.key}`).toString("base64")}`;
  const dav = (method: string, url: string, headers: Record<string, string> = {}, payload?: string) =>
    server.app.inject({
      method: method as "GET",
      url,
      headers: { authorization, ...headers },
      ...(payload !== undefined && { payload }),
    });
  return {
    dav,
    /** Locks `drivePath` (a folder with `depth`) and returns its token as the `If` header names it. */
    async lock(drivePath: string, depth: "0" | "infinity" = "infinity"): Promise<string> {
      const res = await dav("LOCK", `/webdav${drivePath}`, { depth }, LOCK_BODY);
      expect(res.statusCode, res.body).toBeOneOf([200, 201]);
      return String(res.headers["lock-token"]);
    },
    async unlock(drivePath: string, token: string) {
      expect((await dav("UNLOCK", `/webdav${drivePath}`, { "lock-token": token })).statusCode).toBe(204);
    },
  };
}
