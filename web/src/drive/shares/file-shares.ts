import type { TeldriveMain } from "@drive/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiB } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";

/** One of a file's links (API-B: several per file, each with its own password and expiry). */
export type FileLink = TeldriveMain.FileShare;

const linksKey = (fileId: string) => [...FILES_QUERY_KEY, "shares-of", fileId] as const;

/** `GET /files/{id}/shares`: every link of a file. */
export const fileLinksQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: linksKey(fileId),
    queryFn: ({ signal }) => apiB.get("/files/{id}/shares", { path: { id: fileId }, signal }),
    staleTime: 0,
  });

export interface SaveLinkVars {
  fileId: string;
  /** The link to change; none creates one. */
  shareId?: string;
  password?: string;
  expiresAt?: string;
  /**
   * Make a new link with exactly `password` and `expiresAt` (absent: none) in place of `shareId`, which is removed:
   * how a password or an expiry is taken off, since Teldrive main's PATCH only sets them (an empty password or a
   * missing expiry changes nothing).
   */
  replace?: boolean;
}

/**
 * `POST /files/{id}/shares` (a new link) or `PATCH /files/{id}/shares/{shareId}` (a new password or expiry; what is
 * left empty stays as it is), or with `replace` a new link then `DELETE` of the old one. The file's links and every
 * file list (its shared mark) refetch.
 */
export function useSaveFileLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fileId, shareId, password, expiresAt, replace }: SaveLinkVars) => {
      const body = { ...(password ? { password } : {}), ...(expiresAt ? { expiresAt } : {}) };
      if (!shareId) return apiB.post("/files/{id}/shares", { path: { id: fileId }, body });
      if (!replace) return apiB.patch("/files/{id}/shares/{shareId}", { path: { id: fileId, shareId }, body });
      // The new link first: a failure leaves the old one working.
      await apiB.post("/files/{id}/shares", { path: { id: fileId }, body });
      return apiB.delete("/files/{id}/shares/{shareId}", { path: { id: fileId, shareId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });
}

/** `DELETE /files/{id}/shares/{shareId}`: that link stops working; the file's other links keep working. */
export function useDeleteFileLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, shareId }: { fileId: string; shareId: string }) =>
      apiB.delete("/files/{id}/shares/{shareId}", { path: { id: fileId, shareId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });
}
