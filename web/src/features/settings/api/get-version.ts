import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";

/** What the server reports about itself (version, commitSHA, goVersion, os, arch...). */
export const versionQueryOptions = () =>
  queryOptions({
    queryKey: ["version"],
    queryFn: ({ signal }) => api.get("/version", { signal }),
  });
