import crypto from "node:crypto";
import type { Queryable } from "../db/index.js";
import { hashPassword, verifyPassword } from "./passwords.js";

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
 * A new account's id: 48 random bits. Ids used to be derived from the phone number (unkeyed SHA-256), which
 * anyone could reverse by trying every number; accounts created that way keep their id.
 */
const newUserId = () => crypto.randomInt(1, 2 ** 48);

export async function findAccount(db: Queryable, phone: string): Promise<Account | null> {
  const rows = await db.query<AccountRow>(
    "SELECT user_id, phone, name, user_name, is_premium, password_hash FROM users WHERE phone = $1",
    [phone],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/** A new account for a (normalised) number that has none, its name taken from the number. */
export async function createAccount(db: Queryable, phone: string): Promise<Account> {
  // A random id may (rarely) be taken already: then nothing is inserted and another id is tried.
  for (let attempt = 0; attempt < 5; attempt++) {
    await db.query(
      "INSERT INTO users (user_id, phone, name, user_name) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
      [newUserId(), phone, phone, phone.slice(1)],
    );
    const account = await findAccount(db, phone);
    if (account) return account;
  }
  throw new Error(`could not create an account for ${phone}`);
}

/**
 * The account of a number, created when missing whoever may sign up: for the operator's command line only.
 * Sign-in goes through auth/sign-up.ts, which decides who may have an account.
 */
export async function findOrCreateAccount(db: Queryable, phone: string): Promise<Account> {
  return (await findAccount(db, phone)) ?? createAccount(db, phone);
}

/** Sets the account's 2FA password (creating the account when it does not exist yet). */
export async function setPassword(db: Queryable, phone: string, password: string): Promise<void> {
  const account = await findOrCreateAccount(db, phone);
  const hash = await hashPassword(password);
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

export const checkPassword = verifyPassword;
