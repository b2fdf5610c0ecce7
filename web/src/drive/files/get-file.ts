import { queryOptions, useQueries } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import type { ServerFile } from "@/drive/files/file-item";
import { normalizeFolderPath } from "@/drive/files/folder-path";

/** `GET /files/{id}`: one item and its path; used to name the folder a search result is in, and to open folders by path. */
export const fileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "item", id] as const,
    queryFn: ({ signal }) => api.get("/files/{id}", { path: { id }, signal }),
    // Names and places change only through this client's own mutations, which refetch every ["files"] query.
    staleTime: 60_000,
  });

/** The folder path of an item (its `path` from the drive's root) as `/my-drive` takes it: "/" for the root, "/a/b" otherwise. */
export const folderPathOf = (item: ServerFile) => normalizeFolderPath(item.path);

/** Paths of the given folders by id, as they arrive (absent while loading or when a folder is gone). */
export function useFolderPaths(ids: readonly string[]): Map<string, string> {
  return useQueries({
    queries: ids.map((id) => fileQueryOptions(id)),
    combine: (results) =>
      new Map(
        results.flatMap((r, i) => {
          const id = ids[i];
          return r.data && id ? [[id, folderPathOf(r.data)] as const] : [];
        }),
      ),
  });
}
