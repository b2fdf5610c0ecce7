import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, apiB } from "@/drive/api/api-client";
import { getApiGeneration } from "@/drive/api/generation";

export type UserSession = components["schemas"]["UserSession"];

/** The account's signed-in devices. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "sessions"],
    queryFn: async ({ signal }): Promise<UserSession[]> => {
      if ((await getApiGeneration()) === "A") return api.get("/users/sessions", { signal });
      // API-B names a session's id `sessionId` (its `hash` is an optional alias, not always the same value).
      return (await apiB.get("/users/sessions", { signal })).map((s) => ({ ...s, hash: s.sessionId ?? s.hash ?? "" }));
    },
  });
