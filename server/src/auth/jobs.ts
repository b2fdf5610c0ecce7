import { type Job, recurringJob } from "../jobs/queue.js";
import { pruneApiKeys } from "./api-keys.js";
import { pruneAttempts } from "./attempts.js";
import { pruneUsedRefreshTokens } from "./refresh-tokens.js";
import { pruneSignIns } from "./sign-in-state.js";

/**
 * Sign-in codes, grants, request records, attempts, exchanged refresh tokens and long-ended API keys that no check
 * looks at any more go every 10 minutes.
 */
export const signInJobs: Job[] = [
  recurringJob("expire-attempts", { everyMs: 10 * 60_000, firstRunAfterMs: 10 * 60_000 }, async (ctx) => {
    const q = ctx.db.background;
    await pruneSignIns(q);
    await pruneAttempts(q);
    await pruneUsedRefreshTokens(q);
    await pruneApiKeys(q);
  }),
];
