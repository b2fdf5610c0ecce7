import type { FastifyRequest } from "fastify";
import type { Blobs, StoredPart } from "../storage/blobs.js";

export interface PartsToDelete {
  channelId: number | null;
  parts: StoredPart[];
}

/**
 * Removes parts from disk after their rows are gone (committed). A failure only leaves orphan part
 * files, never a visible half file, so it is logged rather than reported to the client.
 */
export async function deleteParts(req: FastifyRequest, blobs: Blobs, groups: PartsToDelete[]): Promise<void> {
  for (const { channelId, parts } of groups) {
    if (channelId === null || parts.length === 0) continue;
    try {
      await blobs.deleteParts(channelId, parts);
    } catch (err) {
      req.log.warn({ err, channelId }, "could not delete parts");
    }
  }
}

/** Groups files' parts by channel. */
export function partsByChannel(rows: { channel_id: number | null; parts: StoredPart[] | null }[]): PartsToDelete[] {
  const byChannel = new Map<number, StoredPart[]>();
  for (const r of rows) {
    if (r.channel_id === null || !r.parts?.length) continue;
    const list = byChannel.get(r.channel_id) ?? [];
    list.push(...r.parts);
    byChannel.set(r.channel_id, list);
  }
  return [...byChannel].map(([channelId, parts]) => ({ channelId, parts }));
}
