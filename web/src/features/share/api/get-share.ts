import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export interface ShareInfo {
  name: string;
  type: "file" | "folder";
  expiresAt?: string;
  protected: boolean;
}

/** GET /shares/{id}: what a public link points to and whether it needs a password. */
export const shareInfoQueryOptions = (shareId: string) =>
  queryOptions({
    queryKey: ["share", shareId, "info"],
    queryFn: ({ signal }) => apiRequest<ShareInfo>(`/shares/${encodeURIComponent(shareId)}`, { signal }),
  });
