import crypto from "node:crypto";
import type { Queryable } from "../db/index.js";
import type { Blobs } from "../storage/blobs.js";

/** Channel ids look like Telegram's bare channel ids: ten digits. */
export const newChannelId = () => crypto.randomInt(1_000_000_000, 10_000_000_000);

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
 * "Sync" on this server: every channel row of the user gets its place in the store (a folder, or a
 * marker object in S3), channels that the user's files or uploads use but that have no row (and that
 * exist in the store) get a row back, and a default is selected when none is.
 */
export async function syncChannels(
  db: Queryable,
  blobs: Pick<Blobs, "ensureChannel" | "channelExists">,
  userId: number,
): Promise<void> {
  const rows = await db.query<{ channel_id: number }>("SELECT channel_id FROM channels WHERE user_id = $1", [userId]);
  for (const row of rows) await blobs.ensureChannel(row.channel_id);
  const known = new Set(rows.map((r) => r.channel_id));
  for (const channelId of await referencedChannels(db, userId)) {
    if (known.has(channelId)) continue;
    if (!(await blobs.channelExists(channelId))) continue;
    await db.query(
      "INSERT INTO channels (channel_id, channel_name, user_id) VALUES ($1, $2, $3) ON CONFLICT (channel_id) DO NOTHING",
      [channelId, `Channel ${channelId}`, userId],
    );
  }
  await ensureSelected(db, userId);
}
