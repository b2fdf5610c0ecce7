/** How often a failed part is tried again before its file is marked failed. */
export const MAX_PART_RETRIES = 3;
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** A part request that failed; `status` is 0 when no HTTP answer came (network, time-out). */
export class PartError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "PartError";
  }
}

/** Network faults, time-outs, rate limits and server errors may pass; other client errors will not. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Exponential back-off: 1 s, 2 s, 4 s ... capped; `random` in [0,1) adds up to 25% jitter. */
export function backoffDelay(attempt: number, random: number = Math.random()): number {
  const base = Math.min(BASE_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
  return Math.round(base * (1 + random * 0.25));
}

/** Whether a part that failed `attempt` times (0 = the first try) should be tried again. */
export function shouldRetry(status: number, attempt: number, maxRetries = MAX_PART_RETRIES): boolean {
  return isRetryable(status) && attempt < maxRetries;
}
