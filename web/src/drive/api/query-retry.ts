import { ApiError } from "./api-client";

/** Answers that will not change by asking again. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);

/** Retries after the 1st..4th failure (TanStack passes 0 on the first failure), so at most 5 attempts. */
export const MAX_RETRIES = 4;

/** TanStack Query `retry` callback: never for client errors, else while fewer than 4 retries happened. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && FINAL_STATUSES.has(error.status)) return false;
  return failureCount < MAX_RETRIES;
}
