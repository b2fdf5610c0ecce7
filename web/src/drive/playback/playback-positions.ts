import type { components, PlaybackPosition } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "@/drive/api/api-client";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { queryClient } from "@/drive/api/query-client";
import { type FileItem, toFileItem } from "@/drive/files/file-item";
import { sessionQueryOptions } from "@/drive/session/session";

export type { PlaybackPosition };

/** One entry of "Continue watching": the file and where the user stopped. */
export interface ContinueItem extends PlaybackPosition {
  item: FileItem;
  updatedAt: string;
}

export const CONTINUE_WATCHING_KEY = ["playback", "recent"] as const;
const LOCAL_KEY = "playback-positions";
/** Positions kept in the browser (Teldrive), newest first, at most this many. */
const LOCAL_MAX = 200;

interface LocalEntry extends PlaybackPosition {
  /** The file as the list showed it, so Continue watching can open it without asking the server. */
  file: Pick<FileItem, "id" | "name" | "mimeType" | "size" | "updatedAt" | "parentId" | "encrypted">;
  at: string;
}

/** Our server keeps positions (`playback` in /capabilities); a Teldrive server has nowhere to, so the browser does. */
async function onServer(): Promise<boolean> {
  const capabilities = await queryClient.ensureQueryData(capabilitiesQueryOptions());
  return capabilities.playback === true;
}

/** Browser positions are per signed-in user: two accounts on one browser do not see each other's. */
async function localStore(): Promise<{ key: string; entries: Record<string, LocalEntry> }> {
  const session = await queryClient.ensureQueryData(sessionQueryOptions());
  const key = `${LOCAL_KEY}:${session?.userId ?? "anonymous"}`;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? "{}");
    return { key, entries: parsed && typeof parsed === "object" ? (parsed as Record<string, LocalEntry>) : {} };
  } catch {
    return { key, entries: {} };
  }
}

function writeLocal(key: string, entries: Record<string, LocalEntry>) {
  const kept = Object.entries(entries)
    .sort(([, a], [, b]) => b.at.localeCompare(a.at))
    .slice(0, LOCAL_MAX);
  localStorage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
}

/** Where the user stopped in `item`, or undefined. */
export async function readPosition(item: FileItem): Promise<PlaybackPosition | undefined> {
  if (await onServer()) {
    try {
      const { position, duration } = await api.get("/playback/{id}", { path: { id: item.id } });
      return { position, duration };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  }
  const entry = (await localStore()).entries[item.id];
  return entry && { position: entry.position, duration: entry.duration };
}

export async function savePosition(item: FileItem, position: PlaybackPosition): Promise<void> {
  if (await onServer()) {
    await api.put("/playback/{id}", { path: { id: item.id }, body: position });
  } else {
    const { key, entries } = await localStore();
    const { id, name, mimeType, size, updatedAt, parentId, encrypted } = item;
    entries[item.id] = {
      ...position,
      file: { id, name, mimeType, size, updatedAt, parentId, encrypted },
      at: new Date().toISOString(),
    };
    writeLocal(key, entries);
  }
  queryClient.invalidateQueries({ queryKey: CONTINUE_WATCHING_KEY });
}

/** Forgets the position: played to the end, or dismissed from Continue watching. */
export async function forgetPosition(itemId: string): Promise<void> {
  if (await onServer()) {
    await api.delete("/playback/{id}", { path: { id: itemId } });
  } else {
    const { key, entries } = await localStore();
    delete entries[itemId];
    writeLocal(key, entries);
  }
  queryClient.invalidateQueries({ queryKey: CONTINUE_WATCHING_KEY });
}

const toContinue = (p: components["schemas"]["PlaybackItem"]): ContinueItem => ({
  item: toFileItem(p.file),
  position: p.position,
  duration: p.duration,
  updatedAt: p.updatedAt,
});

/** The latest positions, newest first, for the Continue watching row. */
export const continueWatchingQueryOptions = () =>
  queryOptions({
    queryKey: CONTINUE_WATCHING_KEY,
    queryFn: async ({ signal }): Promise<ContinueItem[]> => {
      if (await onServer()) return (await api.get("/playback", { query: { limit: 12 }, signal })).items.map(toContinue);
      const { entries } = await localStore();
      return Object.values(entries)
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, 12)
        .map((e) => ({
          item: toFileItem({ ...e.file, type: "file" }),
          position: e.position,
          duration: e.duration,
          updatedAt: e.at,
        }));
    },
  });
