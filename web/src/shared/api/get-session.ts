import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export interface Session {
  name: string;
  userName: string;
  userId: number;
  isPremium: boolean;
  /** Session hash: authorises content URLs as `?hash=`. */
  hash: string;
  expires: string;
}

/** The signed-in user, or null (the server answers 204 when there is no session). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ["auth", "session"],
    queryFn: async ({ signal }) => (await apiRequest<Session | undefined>("/auth/session", { signal })) ?? null,
  });
