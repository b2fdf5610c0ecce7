import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiB } from "@/drive/api/api-client";
import { getApiGeneration } from "@/drive/api/generation";

/**
 * The signed-in user; `hash` authorises content URLs (`?hash=` on API-A). On API-B it is the session's id, which
 * content URLs carry as `?sid=`; `expires` is when the access token lapses (drive/session/token-schedule.ts).
 */
export type Session = components["schemas"]["Session"];

/** `GET /auth/session`, either generation: API-B names the id `sessionId` (with `hash` as an optional alias). */
async function readSession(signal: AbortSignal): Promise<Session | null> {
  try {
    const answer = await apiB.get("/auth/session", { signal });
    if (!answer) return null;
    // API-A sends `hash` and no `sessionId`, whatever API-B's type says.
    const hash = answer.hash ?? answer.sessionId;
    return { ...answer, hash };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** On API-B content URLs carry the session's id (`?sid=`), which our server tells apart from API-A's `hash`. */
const forApiB = (session: Session): Session => ({ ...session, hash: session.sessionId ?? session.hash });

/**
 * The signed-in user, or null (the server answers 204 when there is no session). On API-B an access token that has
 * lapsed (a tab reopened after days) is renewed with the refresh token before the answer is "signed out".
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ["auth", "session"],
    queryFn: async ({ signal }): Promise<Session | null> => {
      const [session, generation] = await Promise.all([readSession(signal), getApiGeneration()]);
      if (generation === "A") return session;
      if (session) return forApiB(session);
      const { tokenRefresher } = await import("@/drive/api/token-refresh");
      if (!(await tokenRefresher.refresh())) return null;
      const renewed = await readSession(signal);
      return renewed && forApiB(renewed);
    },
  });
