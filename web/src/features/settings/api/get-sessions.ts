import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiB } from "@/drive/api/api-client";

export type UserSession = components["schemas"]["UserSession"];

/** The account's signed-in devices. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "sessions"],
    queryFn: async ({ signal }): Promise<UserSession[]> =>
      // API-B names a session's id `sessionId` (its `hash` is an optional alias, not always the same value); servers
      // of both generations take it to remove the session.
      (await apiB.get("/users/sessions", { signal })).map((s) => ({ ...s, hash: s.sessionId ?? s.hash ?? "" })),
  });
