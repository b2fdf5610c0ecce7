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

const gates = new Map<number, Gate>();
const everyone = new Gate(ALL_USERS);

export async function limitSearch<T>(userId: number, fn: () => Promise<T>): Promise<T> {
  let gate = gates.get(userId);
  if (!gate) {
    gate = new Gate(PER_USER);
    gates.set(userId, gate);
  }
  if (gate.queued >= QUEUE_PER_USER) throw new HttpError(429, "too many searches at once; wait for the others");
  try {
    return await gate.run(() => everyone.run(fn));
  } finally {
    if (gate.idle) gates.delete(userId);
  }
}
