import { queryOptions, useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { api } from "@/drive/api/api-client";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { queryClient } from "@/drive/api/query-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { errorText } from "@/drive/errors/error-message";
import type { FileItem, ServerFile } from "@/drive/files/file-item";
import { toast } from "@/lib/toast";

/**
 * Starred files and folders. On our server (`stars` in /capabilities) they are kept per user (`GET /stars`,
 * `PUT`/`DELETE /stars/{id}`); Teldrive has no such call, so there they are kept in this browser (localStorage), as
 * the item was when starred.
 */

/** `GET /stars`; under ["files"], so every file change (rename, move, delete) refreshes it. */
export const starsQueryOptions = () =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "stars"] as const,
    queryFn: async ({ signal }) => (await api.get("/stars", { signal })).items,
    staleTime: 30_000,
  });

const LOCAL_KEY = "drive.stars";
const listeners = new Set<() => void>();
let local: ServerFile[] | undefined;

function readLocal(): ServerFile[] {
  if (local) return local;
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? "[]");
    local = Array.isArray(value) ? (value as ServerFile[]).filter((f) => typeof f?.id === "string") : [];
  } catch {
    local = [];
  }
  return local;
}

function writeLocal(next: ServerFile[]): void {
  local = next;
  try {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(next));
  } catch {
    // Storage refused: the stars last until the page is closed.
  }
  for (const listener of listeners) listener();
}

const subscribeLocal = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const serverKeepsStars = () =>
  (queryClient.getQueryData(capabilitiesQueryOptions().queryKey) ?? TELDRIVE_1_8).stars === true;

/** What the server needs to show an item again, from the client's item. */
function toServerFile(item: FileItem): ServerFile {
  return {
    id: item.id,
    name: item.name,
    type: item.isDir ? "folder" : "file",
    mimeType: item.mimeType,
    size: item.size,
    updatedAt: item.updatedAt,
    encrypted: item.encrypted,
    ...(item.parentId ? { parentId: item.parentId } : {}),
    ...(item.category ? { category: item.category as ServerFile["category"] } : {}),
  };
}

/** The starred items, most recently starred first, and whether they are still loading. */
export function useStars(): { items: readonly ServerFile[]; loading: boolean; error: unknown } {
  const capabilities = useQuery(capabilitiesQueryOptions()).data;
  const onServer = capabilities?.stars === true;
  const server = useQuery({ ...starsQueryOptions(), enabled: onServer });
  const inBrowser = useSyncExternalStore(subscribeLocal, readLocal);
  if (!capabilities) return { items: [], loading: true, error: undefined };
  if (!onServer) return { items: inBrowser, loading: false, error: undefined };
  return { items: server.data ?? [], loading: server.isPending, error: server.error };
}

/** Ids of the starred items, for "Add to Starred" / "Remove from Starred" in the menus. */
export function useStarredIds(): ReadonlySet<string> {
  const { items } = useStars();
  return new Set(items.map((f) => f.id ?? ""));
}

/** Stars the items, or removes their stars when `on` is false; says so in a toast. */
export async function setStarred(items: readonly FileItem[], on: boolean): Promise<void> {
  if (items.length === 0) return;
  const what = items.length === 1 ? `"${items[0]?.name}"` : `${items.length} items`;
  try {
    if (serverKeepsStars()) {
      for (const item of items) {
        if (on) await api.put("/stars/{id}", { path: { id: item.id } });
        else await api.delete("/stars/{id}", { path: { id: item.id } });
      }
      await queryClient.invalidateQueries({ queryKey: starsQueryOptions().queryKey });
    } else {
      const ids = new Set(items.map((i) => i.id));
      const rest = readLocal().filter((f) => !ids.has(f.id ?? ""));
      writeLocal(on ? [...items.map(toServerFile), ...rest] : rest);
    }
    toast.success(on ? `Added ${what} to Starred` : `Removed ${what} from Starred`);
  } catch (error) {
    toast.error(`Could not change the star of ${what}: ${errorText(error)}`);
  }
}

/** Stars the items, unless all of them already are: then removes their stars (the menu's one command). */
export function toggleStarred(items: readonly FileItem[]): Promise<void> {
  const current = serverKeepsStars() ? (queryClient.getQueryData(starsQueryOptions().queryKey) ?? []) : readLocal();
  const ids = new Set(current.map((f) => f.id));
  return setStarred(items, !items.every((i) => ids.has(i.id)));
}
