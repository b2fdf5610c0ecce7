import { api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { type FileItem, type ServerFile, toFileItem } from "@/drive/files/file-item";
import { normalizeFolderPath, parentPath, pathSegments } from "@/drive/files/folder-path";

// What a Markdown document needs from the drive to follow its relative links: its folder's path, and the file at a
// path. (`GET /files/{id}` and `find` by name in a folder, which both API generations answer alike.)

/** The path of the folder `id` ("/" for the root), e.g. the folder a document is in. Same key as drive/files/get-file.ts. */
export const folderPathQueryOptions = (id: string) => ({
  queryKey: [...FILES_QUERY_KEY, "item", id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get("/files/{id}", { path: { id }, signal }),
  select: (folder: ServerFile) => normalizeFolderPath(folder.path),
  staleTime: 60_000,
});

/** The file at `path` (a drive path such as "/Docs/a.md"), or null when there is none. */
export const fileAtPathQueryOptions = (path: string) => ({
  queryKey: [...FILES_QUERY_KEY, "at-path", path] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<FileItem | null> => {
    const name = pathSegments(path).at(-1);
    if (!name) return null;
    const page = await api.get("/files", {
      query: { operation: "find", path: parentPath(path), name, type: "file", limit: 1 },
      signal,
    });
    const file = page.items.find((f) => f.name === name && f.type !== "folder");
    return file ? toFileItem(file) : null;
  },
  staleTime: 30_000,
});
