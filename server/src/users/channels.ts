import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Queryable } from "../db/index.js";

/** Channel ids look like Telegram's bare channel ids: ten digits. */
export const newChannelId = () => crypto.randomInt(1_000_000_000, 10_000_000_000);

export const channelDir = (dataDir: string, channelId: number) => path.join(dataDir, "channels", String(channelId));

export async function ensureChannelDir(dataDir: string, channelId: number): Promise<void> {
  await fs.mkdir(channelDir(dataDir, channelId), { recursive: true });
}

/** Makes the most recently created channel the default when the user has none selected. */
export async function ensureSelected(db: Queryable, userId: number): Promise<void> {
  await db.query(
    `UPDATE channels SET selected = true WHERE channel_id = (
       SELECT channel_id FROM channels WHERE user_id = $1 ORDER BY created_at DESC, channel_id LIMIT 1)
     AND NOT EXISTS (SELECT 1 FROM channels WHERE user_id = $1 AND selected)`,
    [userId],
  );
}

/** Channel ids the user's files and pending uploads point at. */
export async function referencedChannels(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ channel_id: number }>(
    `SELECT DISTINCT channel_id FROM files WHERE user_id = $1 AND channel_id IS NOT NULL
     UNION SELECT DISTINCT channel_id FROM uploads WHERE user_id = $1`,
    [userId],
  );
  return rows.map((r) => r.channel_id);
}

/**
 * "Sync" on this server: every channel row of the user gets its folder, channels that the user's
 * files or uploads use but that have no row (and whose folder exists) get a row back, and a default
 * is selected when none is.
 */
export async function syncChannels(db: Queryable, dataDir: string, userId: number): Promise<void> {
  const rows = await db.query<{ channel_id: number }>("SELECT channel_id FROM channels WHERE user_id = $1", [userId]);
  for (const row of rows) await ensureChannelDir(dataDir, row.channel_id);
  const known = new Set(rows.map((r) => r.channel_id));
  for (const channelId of await referencedChannels(db, userId)) {
    if (known.has(channelId)) continue;
    const exists = await fs
      .stat(channelDir(dataDir, channelId))
      .then((s) => s.isDirectory())
      .catch(() => false);
    if (!exists) continue;
    await db.query(
      "INSERT INTO channels (channel_id, channel_name, user_id) VALUES ($1, $2, $3) ON CONFLICT (channel_id) DO NOTHING",
      [channelId, `Channel ${channelId}`, userId],
    );
  }
  await ensureSelected(db, userId);
}
