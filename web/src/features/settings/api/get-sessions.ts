import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import type { components } from "@/lib/api-schema.gen";

export type UserSession = components["schemas"]["UserSession"];

/** The account's signed-in devices. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "sessions"],
    queryFn: ({ signal }) => api.get("/users/sessions", { signal }),
  });
