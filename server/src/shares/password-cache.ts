import crypto from "node:crypto";
import { verifyPassword } from "../auth/passwords.js";

/**
 * Remembers passwords that matched a share's password hash for a few minutes. A protected video sends its
 * password with every Range request, and a bcrypt check per seek would cost ~100 ms of CPU each time.
 * Keyed by the stored hash, so changing the share's password invalidates the entry.
 */
export class PasswordCache {
  private readonly verified = new Map<string, number>();

  constructor(
    private readonly ttlMs = 5 * 60 * 1000,
    private readonly maxEntries = 10_000,
  ) {}

  async matches(password: string, hash: string): Promise<boolean> {
    const key = crypto.createHash("sha256").update(hash).update("\0").update(password).digest("hex");
    const until = this.verified.get(key);
    if (until !== undefined && until > Date.now()) return true;
    this.verified.delete(key);
    if (!(await verifyPassword(password, hash))) return false;
    if (this.verified.size >= this.maxEntries) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(key, Date.now() + this.ttlMs);
    return true;
  }
}
