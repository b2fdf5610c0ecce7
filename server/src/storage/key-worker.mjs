// The key-derivation worker thread (storage/crypt.ts): scrypt, one key at a time, off libuv's thread pool, which
// every file read and write of every user shares.
import crypto from "node:crypto";
import { parentPort } from "node:worker_threads";

parentPort?.on("message", ({ id, secret, salt }) => {
  try {
    const key = crypto.scryptSync(secret, salt, 80, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    parentPort?.postMessage({ id, result: new Uint8Array(key.subarray(0, 32)) });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
