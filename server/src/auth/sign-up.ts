import type { DbHandle, Queryable } from "../db/index.js";
import { type Account, createAccount, findAccount } from "./accounts.js";
import { isPhoneAllowed } from "./phone.js";

/**
 * Who may have an account (docs/decisions.md, "Who may sign in, and guessing codes"). Existing accounts can always
 * sign in. A new account is made for the first number to sign in on a server (that account owns the server), then
 * only for a number in `ALLOWED_PHONES`, a number the owner invited, or any number with `SIGN_UP=open`.
 * `ALLOWED_PHONES` also stays what it was: when set, other numbers cannot sign in at all.
 */
export interface SignUpRules {
  signUp: "open" | "closed";
  allowedPhones: string[] | undefined;
}

/** The owner: the oldest account, i.e. the first to sign in (or the first the command line made). */
export async function ownerId(q: Queryable): Promise<number | null> {
  const [row] = await q.query<{ user_id: number }>("SELECT user_id FROM users ORDER BY created_at, user_id LIMIT 1");
  return row?.user_id ?? null;
}

/**
 * Whether a number without an account may get one now. Both questions are always asked, so the time taken does
 * not tell which answer held.
 */
async function maySignUp(q: Queryable, phone: string, rules: SignUpRules): Promise<boolean> {
  const [invited, owner] = await Promise.all([
    q.query("SELECT 1 FROM sign_up_invitations WHERE phone = $1", [phone]),
    ownerId(q),
  ]);
  if (rules.signUp === "open") return true;
  if (rules.allowedPhones && isPhoneAllowed(phone, rules.allowedPhones)) return true;
  return invited.length > 0 || owner === null;
}

/**
 * Whether `phone` would get in with a right code: for the operator's log line only. Asks the same questions for
 * every number, so the time it takes does not tell an account from none.
 */
export async function mayEnter(q: Queryable, phone: string, rules: SignUpRules): Promise<boolean> {
  const [account, allowed] = await Promise.all([findAccount(q, phone), maySignUp(q, phone, rules)]);
  return account !== null || allowed;
}

/**
 * After a right code: the number's account, created (using up its invitation) when it may sign up; null when it
 * may not. One sign-up at a time over every instance, so two first sign-ins cannot both become the owner.
 */
export async function enterAccount(db: DbHandle, phone: string, rules: SignUpRules): Promise<Account | null> {
  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(7020)");
    const existing = await findAccount(q, phone);
    if (existing) return existing;
    if (!(await maySignUp(q, phone, rules))) return null;
    const account = await createAccount(q, phone);
    await q.query("DELETE FROM sign_up_invitations WHERE phone = $1", [phone]);
    return account;
  });
}

export interface Invitation {
  phone: string;
  createdAt: Date;
}

export async function listInvitations(q: Queryable): Promise<Invitation[]> {
  const rows = await q.query<{ phone: string; created_at: Date }>(
    "SELECT phone, created_at FROM sign_up_invitations ORDER BY created_at, phone",
  );
  return rows.map((r) => ({ phone: r.phone, createdAt: r.created_at }));
}

export type InviteResult = { result: "created" | "exists"; invitation: Invitation } | { result: "has account" };

/** Invites a (normalised) number; `invitedBy` is the owner's id, null from the command line. */
export async function invite(db: DbHandle, phone: string, invitedBy: number | null): Promise<InviteResult> {
  return db.tx(async (q) => {
    await q.query("SELECT pg_advisory_xact_lock(7020)");
    if (await findAccount(q, phone)) return { result: "has account" };
    const [created] = await q.query<{ created_at: Date }>(
      `INSERT INTO sign_up_invitations (phone, invited_by) VALUES ($1, $2)
       ON CONFLICT (phone) DO NOTHING RETURNING created_at`,
      [phone, invitedBy],
    );
    if (created) return { result: "created", invitation: { phone, createdAt: created.created_at } };
    const [row] = await q.query<{ created_at: Date }>("SELECT created_at FROM sign_up_invitations WHERE phone = $1", [
      phone,
    ]);
    return { result: "exists", invitation: { phone, createdAt: row?.created_at ?? new Date() } };
  });
}

/** Withdraws an invitation; false when there was none. An account already made with it stays. */
export async function uninvite(q: Queryable, phone: string): Promise<boolean> {
  return (await q.query("DELETE FROM sign_up_invitations WHERE phone = $1 RETURNING phone", [phone])).length > 0;
}
