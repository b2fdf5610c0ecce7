import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";

export type UploadStats = components["schemas"]["UploadStats"];

/** Spec 9: the storage page shows the last 60 days. */
export const UPLOAD_STATS_DAYS = 60;

/** `GET /uploads/stats?days=N`: bytes uploaded per UTC day, oldest first. */
export const uploadStatsQueryOptions = (days = UPLOAD_STATS_DAYS) =>
  queryOptions({
    queryKey: ["uploads", "stats", days] as const,
    queryFn: ({ signal }) => api.get("/uploads/stats", { query: { days }, signal }),
  });
