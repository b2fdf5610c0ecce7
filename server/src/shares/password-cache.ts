import crypto from "node:crypto";
import { bcryptArguments, PASSWORD_WORKER } from "../auth/passwords.js";
import { CpuWorker } from "../http/cpu-worker.js";

/**
 * Remembers passwords that matched a share's password hash for a few minutes. A protected video sends its
 * password with every Range request, and a bcrypt check per seek would cost ~100 ms of CPU each time.
 * Keyed by the stored hash, so changing the share's password (on any instance) invalidates the entry: this is
 * only a shortcut, each instance has its own, and none decides anything another instance would decide otherwise.
 * The bcrypt comparisons run in a worker thread of their own, one at a time with at most 16 waiting (then 503):
 * on the main thread, ~20 wrong passwords a second made a signed-in user's listing take 2–3 s.
 */
export class PasswordCache {
  private readonly verified = new Map<string, number>();
  private readonly bcrypt = new CpuWorker<{ input: string; hash: string }, boolean>(PASSWORD_WORKER, 16);

  constructor(
    private readonly ttlMs = 5 * 60 * 1000,
    private readonly maxEntries = 10_000,
  ) {}

  private key(password: string, hash: string): string {
    return crypto.createHash("sha256").update(hash).update("\0").update(password).digest("hex");
  }

  /** Whether this password matched this hash in the last few minutes (no bcrypt). */
  remembered(password: string, hash: string): boolean {
    const key = this.key(password, hash);
    const until = this.verified.get(key);
    if (until !== undefined && until > Date.now()) return true;
    this.verified.delete(key);
    return false;
  }

  async matches(password: string, hash: string): Promise<boolean> {
    if (this.remembered(password, hash)) return true;
    if (!(await this.bcrypt.run(bcryptArguments(password, hash)))) return false;
    if (this.verified.size >= this.maxEntries) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(this.key(password, hash), Date.now() + this.ttlMs);
    return true;
  }

  close(): Promise<void> {
    return this.bcrypt.close();
  }
}
