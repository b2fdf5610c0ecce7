// A password-check worker thread (auth/passwords.ts, shares/password-cache.ts): bcrypt comparisons, one at a time,
// off the main thread.
import { parentPort } from "node:worker_threads";
import bcrypt from "bcryptjs";

parentPort?.on("message", ({ id, input, hash }) => {
  try {
    parentPort?.postMessage({ id, result: bcrypt.compareSync(input, hash) });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
