import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, buildUrl } from "./api-client";
import { capabilitiesQueryOptions } from "./capabilities";
import { queryClient } from "./query-client";

/**
 * Which generation of Teldrive's API the server speaks, decided once per session (docs/decisions.md, "Two API
 * generations"):
 * - "A": Teldrive's released API (1.6–1.8.3): the sign-in websocket, page numbers, `/files/{id}/{name}`, one share per
 *   file. Our own server (it answers `/capabilities`) speaks both generations and is used as "A", unchanged.
 * - "B": Teldrive main: auth attempts with refresh tokens, cursor pages, `/files/{id}/content?sid=`, several links per
 *   file, API keys.
 */
export type ApiGeneration = "A" | "B";

/** What the probe saw: the HTTP status of each call, or "failed" when no answer came (network, time-out). */
export interface ProbeAnswers {
  /** `GET /capabilities`: only our server has it (200); a real Teldrive, or a COMPAT server, answers 404. */
  capabilities: number | "failed";
  /**
   * `GET /users/api-keys`: only API-B has it. Unauthenticated it is 401, signed in 200; API-A's router has no such
   * path and answers 404 whatever the session.
   */
  apiKeys: number | "failed";
}

/** The answer, or undefined when the answers prove nothing (a 5xx, a lost connection): ask again later. */
export function generationOf(answers: ProbeAnswers): ApiGeneration | undefined {
  if (answers.capabilities === 200) return "A";
  const keys = answers.apiKeys;
  if (keys === 404) return "A";
  if (keys === 200 || keys === 401 || keys === 403) return "B";
  return undefined;
}

/** Status of one probe call, without the API client's 401 handling (a 401 here is an answer, not a sign-out). */
async function statusOf(path: string, signal: AbortSignal): Promise<number | "failed"> {
  try {
    const res = await fetch(buildUrl(path), {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
    });
    await res.body?.cancel();
    return res.status;
  } catch {
    return "failed";
  }
}

/** Both calls at once; /capabilities is the query every page asks anyway (its 404 is `ownServer: false`). */
async function probe(signal: AbortSignal): Promise<ApiGeneration> {
  const [capabilities, apiKeys] = await Promise.all([
    queryClient.fetchQuery(capabilitiesQueryOptions()).then(
      (caps) => (caps.ownServer ? 200 : 404),
      () => "failed" as const,
    ),
    statusOf("/users/api-keys", signal),
  ]);
  const generation = generationOf({ capabilities, apiKeys });
  // Retried like any query (drive/api/query-retry.ts); callers meanwhile take "A", today's behaviour.
  if (!generation) throw new ApiError(503, "generation unknown", new Headers(), { capabilities, apiKeys });
  // API-B's refresh code is fetched only on API-B servers (and before the first 401 can need it).
  if (generation === "B") (await import("./token-refresh")).enableTokenRefresh();
  return generation;
}

export const generationQueryOptions = () =>
  queryOptions({
    queryKey: ["api-generation"],
    queryFn: ({ signal }) => probe(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** For code outside React (loaders, mutations, the upload queue): waits for the probe, "A" if it fails. */
export async function getApiGeneration(): Promise<ApiGeneration> {
  try {
    return await queryClient.ensureQueryData(generationQueryOptions());
  } catch {
    return "A";
  }
}

/** The generation already known, without waiting ("A" until the probe has answered). */
export function knownApiGeneration(): ApiGeneration {
  return queryClient.getQueryData(generationQueryOptions().queryKey) ?? "A";
}

export function useApiGeneration(): ApiGeneration {
  return useQuery(generationQueryOptions()).data ?? "A";
}
