import crypto from "node:crypto";
import type { Queryable } from "../../db/index.js";
import { badRequest, HttpError } from "../../http/errors.js";

/**
 * The SFTP host keys each user trusts (`sftp_host_keys`), like OpenSSH's known_hosts kept per user: the key a server
 * presents on its first use is trusted from then on (trust on first use), unless the source names the key itself
 * (`?hostKey=SHA256:…`, as `ssh-keygen -lf` prints it), which is then the one required and the one kept. A key that
 * differs from the trusted one ends the connection before any password or key is sent (docs/decisions.md).
 */

/** `SHA256:` and the unpadded base64 of the key's SHA-256: what `ssh-keygen -lf` prints for it. */
export function fingerprintOf(key: Buffer): string {
  return `SHA256:${crypto.createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

const FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$/;

/** The fingerprint a source URL names, if any; 400 when it is not one `ssh-keygen -lf` would print. */
export function pinnedHostKey(url: URL): string | undefined {
  const given = url.searchParams.get("hostKey");
  if (given === null) return undefined;
  // A `+` written unencoded in a query reads as a space.
  const key = given.trim().replace(/ /g, "+").replace(/=+$/, "");
  if (!FINGERPRINT.test(key))
    throw badRequest("hostKey must be a SHA256 fingerprint as ssh-keygen -lf prints it (SHA256 and 43 characters)");
  return key;
}

export interface KnownHosts {
  /** Resolves when `presented` may be trusted for host `host` on `port`, else rejects with the reason in words. */
  check(host: string, port: number, presented: string, pinned: string | undefined): Promise<void>;
}

const changed = (where: string, presented: string, expected: string, since: string) =>
  new HttpError(
    400,
    `host key changed: the SFTP server ${where} presents ${presented}, not ${expected} ${since}. Nothing was sent to it. If its key was really replaced, compare the new one with what ssh-keygen -lf prints on that server and give it as hostKey in the source (sftp://…?hostKey=…).`,
  );

/** The host keys user `userId` trusts, read and written through `q`. */
export function knownHostsOf(q: Queryable, userId: number): KnownHosts {
  return {
    async check(host, port, presented, pinned) {
      const where = `${host} port ${port}`;
      if (pinned !== undefined) {
        if (presented !== pinned) throw changed(where, presented, pinned, "given in the source");
        await q.query(
          `INSERT INTO sftp_host_keys (user_id, host, port, fingerprint) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, host, port) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, trusted_at = now()`,
          [userId, host, port, presented],
        );
        return;
      }
      // The first use stores the key; a concurrent first use finds the other's and compares with it.
      await q.query(
        `INSERT INTO sftp_host_keys (user_id, host, port, fingerprint) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, host, port) DO NOTHING`,
        [userId, host, port, presented],
      );
      const [trusted] = await q.query<{ fingerprint: string; trusted_at: Date }>(
        "SELECT fingerprint, trusted_at FROM sftp_host_keys WHERE user_id = $1 AND host = $2 AND port = $3",
        [userId, host, port],
      );
      if (trusted && trusted.fingerprint !== presented)
        throw changed(
          where,
          presented,
          trusted.fingerprint,
          `which was trusted on first use on ${trusted.trusted_at.toISOString().slice(0, 10)}`,
        );
    },
  };
}
