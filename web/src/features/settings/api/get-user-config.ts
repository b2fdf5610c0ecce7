import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";

export type UserConfig = components["schemas"]["UserConfig"];

/** The user's bot tokens and default channel. */
export const userConfigQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "config"],
    queryFn: ({ signal }) => api.get("/users/config", { signal }),
  });
