import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Whatever the server reports about itself (version, commitSHA, goVersion, os, arch...). */
export type VersionInfo = Record<string, unknown>;

export const versionQueryOptions = () =>
  queryOptions({
    queryKey: ["version"],
    queryFn: ({ signal }) => apiRequest<VersionInfo>("/version", { signal }),
  });
