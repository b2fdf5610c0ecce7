import crypto from "node:crypto";
import bcrypt from "bcryptjs";
import { CpuWorker } from "../http/cpu-worker.js";

const BCRYPT_ROUNDS = 10;
/**
 * Marks a hash of the password's SHA-256 rather than of the password itself. bcrypt reads only the first
 * 72 bytes of its input, so two long passwords sharing them would both match; the 44-character digest always
 * fits. Hashes without the mark are older ones, bcrypt of the password itself, and still verify as before.
 */
const PREHASHED = "sha256$";

const digest = (password: string) => crypto.createHash("sha256").update(password, "utf8").digest("base64");

/** A password hash for share and 2FA passwords (any length counts in full). */
export async function hashPassword(password: string): Promise<string> {
  return PREHASHED + (await bcrypt.hash(digest(password), BCRYPT_ROUNDS));
}

/** What bcrypt compares for `password` against a stored hash: the (pre-hashed) input and the bcrypt hash. */
export function bcryptArguments(password: string, stored: string): { input: string; hash: string } {
  if (stored.startsWith(PREHASHED)) return { input: digest(password), hash: stored.slice(PREHASHED.length) };
  return { input: password, hash: stored };
}

/** The bcrypt comparison worker's script; each user of it (2FA sign-in, share passwords) starts its own thread. */
export const PASSWORD_WORKER = new URL("./password-worker.mjs", import.meta.url);

// 2FA checks get a thread of their own: share-password guesses queue in theirs and cannot delay a sign-in.
const twoFactorChecks = new CpuWorker<{ input: string; hash: string }, boolean>(PASSWORD_WORKER, 16);

/** Whether `password` matches the stored hash, checked off the main thread (503 when too many checks wait). */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return twoFactorChecks.run(bcryptArguments(password, stored));
}
