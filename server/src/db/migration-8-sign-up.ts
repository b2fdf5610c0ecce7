/**
 * Migration 8: who may have an account, and sign-in limits per requester address (auth/sign-up.ts,
 * auth/sign-in-state.ts; docs/decisions.md, "Who may sign in, and guessing codes").
 *
 * - `sign_up_invitations`: numbers the owner (or the operator, from the command line) let in; an invitation is
 *   used up when its number's account is created.
 * - `sign_in_failures`: one row per wrong code, with the requester's address (an IPv6 address as its /64), for the
 *   per-address and server-wide budgets of wrong codes.
 * - `sign_in_code_requests` gets an index by address: code requests are now limited per address over all numbers.
 * - `users_created`: the owner is the oldest account (the first to sign in); this finds it with one index probe.
 */
export const signUpMigration: string[] = [
  `CREATE TABLE sign_up_invitations (
     phone text PRIMARY KEY,
     invited_by bigint REFERENCES users ON DELETE SET NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  "CREATE TABLE sign_in_failures (address text NOT NULL, at timestamptz NOT NULL)",
  "CREATE INDEX sign_in_failures_address ON sign_in_failures (address, at)",
  "CREATE INDEX sign_in_failures_at ON sign_in_failures (at)",
  "CREATE INDEX sign_in_code_requests_address ON sign_in_code_requests (address, at)",
  "CREATE INDEX users_created ON users (created_at, user_id)",
];
