import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";

export type UserSession = components["schemas"]["UserSession"];

/** The account's signed-in devices. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "sessions"],
    queryFn: ({ signal }) => api.get("/users/sessions", { signal }),
  });
