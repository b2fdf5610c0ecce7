import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { shareAuthorization } from "../lib/share-auth";

export interface ShareFilesParams {
  shareId: string;
  path: string;
  sort: "name" | "updatedAt" | "size";
  order: "asc" | "desc";
  password: string;
}

/** GET /shares/{id}/files: a folder of a share; protected shares send the password header. */
export const shareFilesQueryOptions = ({ shareId, path, sort, order, password }: ShareFilesParams) =>
  queryOptions({
    queryKey: ["share", shareId, "files", { path, sort, order, password }],
    queryFn: ({ signal }) =>
      api.get("/shares/{id}/files", {
        path: { id: shareId },
        query: { path, sort, order, limit: 1000 },
        headers: password ? { Authorization: shareAuthorization(password) } : {},
        signal,
      }),
  });
