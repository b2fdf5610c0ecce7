/**
 * Migration 4: the state a request needs moves out of process memory, so any number of server instances can share
 * one database (docs/architecture.md, "Several instances").
 *
 * - `sign_in_codes`: codes sent and not yet used, keyed by a digest of their phoneCodeHash, with the guesses made
 *   so far; after a right code on an account with a password, the same row waits for the password.
 * - `sign_in_code_requests`: when each code was asked for, per number and address (the request limits).
 * - `sign_in_grants`: the `session` the websocket hands out, until `POST /auth/login` redeems it.
 * - `share_password_failures` and `share_password_passes`: wrong share passwords per share and address, and the
 *   addresses that gave the right one (shares/share-guard.ts).
 * - `drive_versions`: bumped by every statement that changes a user's files, so totals remembered by one instance
 *   are known to be stale when another instance changed the drive (files/count-cache.ts).
 * - `server_instance_ids` and `jobs.claimed_by`: which instance runs a job (jobs/queue.ts).
 */
export const multiInstanceMigration: string[] = [
  `CREATE TABLE sign_in_codes (
     id text PRIMARY KEY,
     phone text NOT NULL,
     code_digest text NOT NULL,
     stage text NOT NULL DEFAULT 'code' CHECK (stage IN ('code', 'password')),
     user_id bigint,
     tries integer NOT NULL DEFAULT 0,
     expires_at timestamptz NOT NULL
   )`,
  "CREATE INDEX sign_in_codes_expiry ON sign_in_codes (expires_at)",
  "CREATE TABLE sign_in_code_requests (phone text NOT NULL, address text NOT NULL, at timestamptz NOT NULL)",
  "CREATE INDEX sign_in_code_requests_phone ON sign_in_code_requests (phone, at)",
  "CREATE INDEX sign_in_code_requests_at ON sign_in_code_requests (at)",
  `CREATE TABLE sign_in_grants (
     digest text PRIMARY KEY,
     user_id bigint NOT NULL,
     phone text NOT NULL,
     expires_at timestamptz NOT NULL
   )`,
  "CREATE INDEX sign_in_grants_expiry ON sign_in_grants (expires_at)",

  `CREATE TABLE share_password_failures (
     id bigserial PRIMARY KEY,
     share_id uuid NOT NULL,
     address text NOT NULL,
     at timestamptz NOT NULL
   )`,
  "CREATE INDEX share_password_failures_share ON share_password_failures (share_id, at)",
  "CREATE INDEX share_password_failures_at ON share_password_failures (at)",
  `CREATE TABLE share_password_passes (
     share_id uuid NOT NULL,
     address text NOT NULL,
     password_hash text NOT NULL,
     until timestamptz NOT NULL,
     PRIMARY KEY (share_id, address)
   )`,

  "CREATE TABLE drive_versions (user_id bigint PRIMARY KEY, version bigint NOT NULL)",
  `CREATE FUNCTION files_drive_version() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO drive_versions (user_id, version)
         SELECT DISTINCT user_id, 1 FROM new_rows ORDER BY user_id
         ON CONFLICT (user_id) DO UPDATE SET version = drive_versions.version + 1;
     ELSIF TG_OP = 'DELETE' THEN
       INSERT INTO drive_versions (user_id, version)
         SELECT DISTINCT user_id, 1 FROM old_rows ORDER BY user_id
         ON CONFLICT (user_id) DO UPDATE SET version = drive_versions.version + 1;
     ELSE
       INSERT INTO drive_versions (user_id, version)
         SELECT user_id, 1 FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) u ORDER BY user_id
         ON CONFLICT (user_id) DO UPDATE SET version = drive_versions.version + 1;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER files_drive_version_insert AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION files_drive_version()`,
  `CREATE TRIGGER files_drive_version_delete AFTER DELETE ON files REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION files_drive_version()`,
  `CREATE TRIGGER files_drive_version_update AFTER UPDATE ON files REFERENCING OLD TABLE AS old_rows
     NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION files_drive_version()`,

  "CREATE SEQUENCE server_instance_ids AS integer CYCLE",
  "ALTER TABLE jobs ADD COLUMN claimed_by integer",
];
