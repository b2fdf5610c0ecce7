import { queryOptions } from "@tanstack/react-query";
import { api, type QueryOf } from "@/drive/api/api-client";
import { normalizeFolderPath, parentPath, pathSegments } from "@/drive/files/folder-path";
import { FILES_QUERY_KEY } from "../api/query-keys";
import type { ServerFile } from "./file-item";

/**
 * The folder at `path`, or null when there is none. Asked with `find` filters both our server and Teldrive 1.8 honour:
 * the root is the one row without a parent (`parentId=nil`); any other folder is found by name in its parent
 * (`path` is honoured by `find` when there is no search text).
 */
export const folderByPathQueryOptions = (path: string) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "folder-by-path", normalizeFolderPath(path)] as const,
    queryFn: async ({ signal }): Promise<(ServerFile & { id: string }) | null> => {
      const name = pathSegments(path).at(-1);
      const query: QueryOf<"/files", "get"> = name
        ? { operation: "find", path: parentPath(path), name, type: "folder", limit: 1 }
        : { operation: "find", parentId: "nil", limit: 1 };
      const page = await api.get("/files", { query, signal });
      const folder = page.items.find((item) => item.type === "folder" && (!name || item.name === name));
      return folder?.id ? { ...folder, id: folder.id } : null;
    },
  });
