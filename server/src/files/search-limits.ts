import { Budget } from "../http/budget.js";
import { HttpError } from "../http/errors.js";
import { Gate } from "../http/gate.js";

/**
 * Searches (text, regex, deep, filtered) are the listings whose cost grows with the drive. One user runs at most
 * PER_USER of them at a time, with up to QUEUE_PER_USER more waiting (beyond that 429), so one client cannot take
 * every database connection; plain folder pages never wait here.
 */
const PER_USER = 2;
const QUEUE_PER_USER = 8;
/** All users together, so plain requests always find a free PostgreSQL connection (the pool has 10). */
const ALL_USERS = 6;
/**
 * Seconds of searching one user may spend per minute. A search on a normal drive takes milliseconds, so typing in
 * the search box never gets near it; a user sending searches built to run long gets 429 after a few of them.
 */
export const SEARCH_SECONDS_PER_MINUTE = 15;

const gates = new Map<number, Gate>();
const everyone = new Gate(ALL_USERS);
const spent = new Budget(SEARCH_SECONDS_PER_MINUTE * 1000, 60_000);

/** A search refused until the user's search time in the last minute is back under the budget. */
export class SearchBudgetSpent extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, "too much searching in the last minute; wait a little and narrow the search");
  }
}

export async function limitSearch<T>(userId: number, fn: () => Promise<T>): Promise<T> {
  const key = String(userId);
  const wait = spent.wait(key);
  if (wait > 0) throw new SearchBudgetSpent(wait);
  let gate = gates.get(userId);
  if (!gate) {
    gate = new Gate(PER_USER);
    gates.set(userId, gate);
  }
  if (gate.queued >= QUEUE_PER_USER) throw new HttpError(429, "too many searches at once; wait for the others");
  try {
    return await gate.run(() =>
      everyone.run(async () => {
        const late = spent.wait(key);
        if (late > 0) throw new SearchBudgetSpent(late);
        // Charged from the start of its turn: time spent waiting behind the user's own other searches is not.
        const started = Date.now();
        try {
          return await fn();
        } finally {
          spent.spend(key, Date.now() - started);
        }
      }),
    );
  } finally {
    if (gate.idle) gates.delete(userId);
  }
}
