import { v7 as uuidv7 } from "uuid";
import type { Queryable } from "../db/index.js";

/** Every user has a hidden root folder (name 'root', no parent) and a selected default channel for uploads. */
export async function ensureUserDefaults(db: Queryable, userId: number): Promise<void> {
  const root = await db.query("SELECT id FROM files WHERE user_id = $1 AND parent_id IS NULL AND status = 'active'", [
    userId,
  ]);
  if (root.length === 0) {
    await db.query(
      "INSERT INTO files (id, name, type, mime_type, user_id) VALUES ($1, 'root', 'folder', 'drive/folder', $2)",
      [uuidv7(), userId],
    );
  }
  const channels = await db.query("SELECT channel_id FROM channels WHERE user_id = $1", [userId]);
  if (channels.length === 0) {
    // Channel ids look like Telegram's bare channel ids: ten digits.
    const channelId = 1_000_000_000 + Math.floor(Math.random() * 8_999_999_999);
    await db.query("INSERT INTO channels (channel_id, channel_name, user_id, selected) VALUES ($1, $2, $3, true)", [
      channelId,
      "Drive",
      userId,
    ]);
  }
}
