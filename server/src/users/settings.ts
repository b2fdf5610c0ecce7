import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Queryable } from "../db/index.js";
import type { Deps } from "../deps.js";
import { badRequest } from "../http/errors.js";

/**
 * Account preferences the server itself acts on (`user_settings`), as opposed to the client's display preferences,
 * which stay in the browser. `encryptFiles` is the client's "Encrypt files" switch: WebDAV uploads and imports that
 * do not say otherwise follow it; null (never chosen) leaves the server's default (WEBDAV_ENCRYPT for WebDAV).
 */
export interface AccountSettings {
  encryptFiles: boolean | null;
}

const settingsPatch = z.object({ encryptFiles: z.boolean().nullable().optional() }).strict();

export async function accountSettings(q: Queryable, userId: number): Promise<AccountSettings> {
  const [row] = await q.query<{ encrypt_files: boolean | null }>(
    "SELECT encrypt_files FROM user_settings WHERE user_id = $1",
    [userId],
  );
  return { encryptFiles: row?.encrypt_files ?? null };
}

/**
 * Whether new content written for the user without a choice of its own (WebDAV, an import without `encrypted`) is
 * encrypted: the account's choice, else `fallback`; never without the server's key (the client's switch is off then too).
 */
export async function encryptsByDefault(
  q: Queryable,
  config: { encryptionKey: string | undefined },
  userId: number,
  fallback: boolean,
): Promise<boolean> {
  if (!config.encryptionKey) return false;
  return (await accountSettings(q, userId)).encryptFiles ?? fallback;
}

export async function settingsRoutes(app: FastifyInstance, { db, config }: Deps) {
  app.get("/users/settings", async (req) => accountSettings(db, req.user.userId));

  app.patch("/users/settings", async (req) => {
    const { user } = req;
    const body = settingsPatch.parse(req.body ?? {});
    if (body.encryptFiles && !config.encryptionKey)
      throw badRequest("this server can't encrypt files: it has no ENCRYPTION_KEY");
    if (body.encryptFiles !== undefined)
      await db.query(
        `INSERT INTO user_settings (user_id, encrypt_files) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET encrypt_files = EXCLUDED.encrypt_files, updated_at = now()`,
        [user.userId, body.encryptFiles],
      );
    return accountSettings(db, user.userId);
  });
}
