import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { ServerFile } from "@/shared/lib/file-item";
import { shareAuthorization } from "../lib/share-auth";

export interface ShareFilesParams {
  shareId: string;
  path: string;
  sort: "name" | "updatedAt" | "size";
  order: "asc" | "desc";
  password: string;
}

interface FileListResponse {
  items: ServerFile[];
  meta: { count: number; totalPages: number; currentPage: number };
}

/** GET /shares/{id}/files: a folder of a share; protected shares send the password header. */
export const shareFilesQueryOptions = ({ shareId, path, sort, order, password }: ShareFilesParams) =>
  queryOptions({
    queryKey: ["share", shareId, "files", { path, sort, order, password }],
    queryFn: ({ signal }) =>
      apiRequest<FileListResponse>(`/shares/${encodeURIComponent(shareId)}/files`, {
        query: { path, sort, order, limit: 1000 },
        headers: password ? { Authorization: shareAuthorization(password) } : {},
        signal,
      }),
  });
