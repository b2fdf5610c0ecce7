import crypto from "node:crypto";
import bcrypt from "bcryptjs";
import type { Queryable } from "../db/index.js";

export interface Account {
  userId: number;
  phone: string;
  name: string;
  userName: string;
  isPremium: boolean;
  passwordHash: string | null;
}

interface AccountRow {
  user_id: number;
  phone: string;
  name: string;
  user_name: string;
  is_premium: boolean;
  password_hash: string | null;
}

const toAccount = (r: AccountRow): Account => ({
  userId: r.user_id,
  phone: r.phone,
  name: r.name,
  userName: r.user_name,
  isPremium: r.is_premium,
  passwordHash: r.password_hash,
});

/**
 * A stable positive user id for a phone: 48 bits of its SHA-256, so the same phone keeps its id
 * across fresh databases and the id does not reveal the number.
 */
export function userIdForPhone(phone: string): number {
  const digest = crypto.createHash("sha256").update(phone).digest();
  return digest.readUIntBE(0, 6) + 1;
}

export async function findAccount(db: Queryable, phone: string): Promise<Account | null> {
  const rows = await db.query<AccountRow>(
    "SELECT user_id, phone, name, user_name, is_premium, password_hash FROM users WHERE phone = $1",
    [phone],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/** The account of a (normalised) phone number, created on first use with its name taken from the number. */
export async function findOrCreateAccount(db: Queryable, phone: string): Promise<Account> {
  await db.query(
    "INSERT INTO users (user_id, phone, name, user_name) VALUES ($1, $2, $3, $4) ON CONFLICT (phone) DO NOTHING",
    [userIdForPhone(phone), phone, phone, phone.slice(1)],
  );
  const account = await findAccount(db, phone);
  if (!account) throw new Error(`account for ${phone} vanished`);
  return account;
}

const BCRYPT_ROUNDS = 10;

/** Sets the account's 2FA password (creating the account when it does not exist yet). */
export async function setPassword(db: Queryable, phone: string, password: string): Promise<void> {
  const account = await findOrCreateAccount(db, phone);
  const hash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  await db.query("UPDATE users SET password_hash = $1, updated_at = now() WHERE user_id = $2", [hash, account.userId]);
}

/** Clears the account's 2FA password; false when there is no such account. */
export async function clearPassword(db: Queryable, phone: string): Promise<boolean> {
  const rows = await db.query(
    "UPDATE users SET password_hash = NULL, updated_at = now() WHERE phone = $1 RETURNING user_id",
    [phone],
  );
  return rows.length > 0;
}

export const checkPassword = (password: string, hash: string) => bcrypt.compare(password, hash);
