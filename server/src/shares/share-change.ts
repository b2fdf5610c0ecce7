import { hashPassword } from "../auth/passwords.js";
import type { Queryable } from "../db/index.js";
import { badRequest } from "../http/errors.js";

/** What changing a link reads of it. */
export interface ShareRow {
  id: string;
  password: string | null;
  expires_at: Date | null;
}

export function futureDate(value: string): Date {
  const date = new Date(value);
  if (date.getTime() <= Date.now()) throw badRequest("expiresAt must be in the future");
  return date;
}

/**
 * Applies a PATCH body to one link, for the 1.8 call (`/files/{id}/share`) and Teldrive main's
 * (`/files/{id}/shares/{shareId}`) alike: as in Teldrive an absent or empty password changes nothing, and `null`
 * (our addition) removes the password or the expiry.
 */
export async function changeShare(
  db: Queryable,
  share: ShareRow,
  body: { password?: string | null; expiresAt?: string | null },
): Promise<void> {
  let password = share.password;
  if (body.password === null) password = null;
  else if (body.password) password = await hashPassword(body.password);
  let expiresAt = share.expires_at;
  if (body.expiresAt === null) expiresAt = null;
  else if (body.expiresAt) expiresAt = futureDate(body.expiresAt);
  await db.query("UPDATE file_shares SET password = $2, expires_at = $3, updated_at = now() WHERE id = $1", [
    share.id,
    password,
    expiresAt,
  ]);
}
