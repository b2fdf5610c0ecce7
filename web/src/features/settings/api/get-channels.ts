import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";

export type Channel = components["schemas"]["Channel"];

/** The channels files can be stored in. */
export const channelsQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "channels"],
    queryFn: ({ signal }) => api.get("/users/channels", { signal }),
  });
