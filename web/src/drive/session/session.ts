import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";

/** The signed-in user; `hash` authorises content URLs as `?hash=`. */
export type Session = components["schemas"]["Session"];

/** The signed-in user, or null (the server answers 204 when there is no session). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ["auth", "session"],
    queryFn: async ({ signal }) => (await api.get("/auth/session", { signal })) ?? null,
  });
