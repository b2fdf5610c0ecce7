/**
 * Migration 10: Teldrive main's sign-in (API-B): session ids, rotating refresh tokens, sign-in attempts and API keys
 * (auth/session.ts, auth/refresh-tokens.ts, auth/attempts.ts, auth/api-keys.ts; docs/api.md).
 *
 * - `sessions.id`: the session's id in API-B (`sessionId`, `?sid=`), random (v4) because `?sid=` signs a media URL
 *   in. Existing sessions get one too.
 * - `sessions.refresh_digest`/`refresh_expires_at`: the digest of the session's current refresh token; each refresh
 *   replaces it and the access token. `prev_token_hash`/`prev_token_until`: the access token a refresh replaced stays
 *   good for a minute, so requests already on their way with it do not fail.
 * - `used_refresh_tokens`: digests of refresh tokens already exchanged. One presented again means two holders of the
 *   same token: the session ends (its rows go with it).
 * - `auth_attempts`: sign-in attempts, keyed by a digest of the id the client holds; what the attempt waits for is in
 *   `sign_in_codes` as for the websocket.
 * - `api_keys`: keys stored as SHA-256 digests; revoked keys stay (revoked_at) so a revoked key is told apart from a
 *   guessed one.
 */
export const apiBAuthMigration: string[] = [
  "ALTER TABLE sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid()",
  "CREATE UNIQUE INDEX sessions_id ON sessions (id)",
  "ALTER TABLE sessions ADD COLUMN refresh_digest text",
  "ALTER TABLE sessions ADD COLUMN refresh_expires_at timestamptz",
  "ALTER TABLE sessions ADD COLUMN prev_token_hash text",
  "ALTER TABLE sessions ADD COLUMN prev_token_until timestamptz",
  "CREATE UNIQUE INDEX sessions_refresh_digest ON sessions (refresh_digest) WHERE refresh_digest IS NOT NULL",
  "CREATE INDEX sessions_prev_token ON sessions (prev_token_hash) WHERE prev_token_hash IS NOT NULL",
  `CREATE TABLE used_refresh_tokens (
     digest text PRIMARY KEY,
     session_hash text NOT NULL REFERENCES sessions (hash) ON DELETE CASCADE,
     used_at timestamptz NOT NULL
   )`,
  "CREATE INDEX used_refresh_tokens_session ON used_refresh_tokens (session_hash)",
  "CREATE INDEX used_refresh_tokens_used ON used_refresh_tokens (used_at)",
  `CREATE TABLE auth_attempts (
     digest text PRIMARY KEY,
     auth_type text NOT NULL CHECK (auth_type IN ('qr', 'phone')),
     state text NOT NULL,
     message text,
     phone_code_hash text,
     code_id text,
     wait_id text,
     wait_phone text,
     authenticated jsonb,
     address text NOT NULL,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL
   )`,
  "CREATE INDEX auth_attempts_address ON auth_attempts (address, created_at)",
  "CREATE INDEX auth_attempts_expiry ON auth_attempts (expires_at)",
  `CREATE TABLE api_keys (
     id uuid PRIMARY KEY,
     user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
     name text NOT NULL,
     digest text NOT NULL UNIQUE,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz,
     last_used_at timestamptz,
     revoked_at timestamptz
   )`,
  "CREATE INDEX api_keys_user ON api_keys (user_id, created_at) WHERE revoked_at IS NULL",
];
