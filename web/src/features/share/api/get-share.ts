import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";

/** GET /shares/{id}: what a public link points to and whether it needs a password. */
export const shareInfoQueryOptions = (shareId: string) =>
  queryOptions({
    queryKey: ["share", shareId, "info"],
    queryFn: ({ signal }) => api.get("/shares/{id}", { path: { id: shareId }, signal }),
  });
