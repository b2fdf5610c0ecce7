import { ApiError } from "./api-client";

/** Answers that will not change by asking again. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);

/** Retries after the 1st..4th failure (TanStack passes 0 on the first failure), so at most 5 attempts. */
export const MAX_RETRIES = 4;

/**
 * A request that got no answer at all (the server is down or unreachable; `fetch` rejects with a TypeError) is tried
 * once more, a second later, and then said: the user sees "Can't reach the server" with Retry within two seconds of
 * the first failure instead of placeholders for the 15 s four backed-off retries take. (A browser that knows it is
 * offline pauses queries instead, and they go on by themselves when it is back.)
 */
export const MAX_CONNECTION_RETRIES = 1;

/** TanStack Query `retry` callback: never for client errors, once for no answer, else while fewer than 4 retries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && FINAL_STATUSES.has(error.status)) return false;
  if (error instanceof TypeError) return failureCount < MAX_CONNECTION_RETRIES;
  return failureCount < MAX_RETRIES;
}
