import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import type { components } from "@/lib/api-schema.gen";

export type UserConfig = components["schemas"]["UserConfig"];

/** The user's bot tokens and default channel. */
export const userConfigQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "config"],
    queryFn: ({ signal }) => api.get("/users/config", { signal }),
  });
