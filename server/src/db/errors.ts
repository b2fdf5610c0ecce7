/** PostgreSQL error codes the server reacts to (PGlite raises the same ones). */
export const PG_QUERY_CANCELED = "57014";
export const PG_DEADLOCK = "40P01";
export const PG_SERIALIZATION_FAILURE = "40001";

export function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

/** A statement stopped by the per-statement time limit. */
export const isTimeout = (err: unknown) => pgCode(err) === PG_QUERY_CANCELED;

/** Two transactions waited on each other; running it again usually succeeds. */
export const isRetryable = (err: unknown) => {
  const code = pgCode(err);
  return code === PG_DEADLOCK || code === PG_SERIALIZATION_FAILURE;
};

/** The error PostgreSQL raises for `statement_timeout`, made for PGlite, which cannot raise it itself. */
export function timeoutError(): Error {
  return Object.assign(new Error("canceling statement due to statement timeout"), { code: PG_QUERY_CANCELED });
}

/** Runs `fn` again after a deadlock or serialization failure, a few times, with a short random pause. */
export async function retrying<R>(fn: () => Promise<R>, attempts = 4): Promise<R> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !isRetryable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * i));
    }
  }
}
