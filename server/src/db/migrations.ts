import type { DbHandle } from "./handle.js";
import { scaleMigration } from "./migration-3-scale.js";
import { multiInstanceMigration } from "./migration-4-multi-instance.js";
import { trashMigration } from "./migration-5-trash.js";
import { bulkWritesMigration } from "./migration-7-bulk-writes.js";
import { signUpMigration } from "./migration-8-sign-up.js";
import { apiBAuthMigration } from "./migration-10-api-b-auth.js";
import { importsMigration } from "./migration-11-imports.js";
import { walkKeysMigration } from "./migration-12-walk-keys.js";
import { eventsMigration } from "./migration-13-events.js";
import { webdavMigration } from "./migration-15-webdav.js";

/**
 * Ordered schema migrations; never edit one that has shipped, append a new one.
 * The schema follows Teldrive's tables (users, files, sessions, channels, bots, uploads,
 * file_shares) so the same API shapes fall out of it.
 */
export const migrations: (string | string[])[] = [
  `
  CREATE TABLE users (
    user_id bigint PRIMARY KEY,
    phone text NOT NULL UNIQUE,
    name text NOT NULL,
    user_name text NOT NULL,
    is_premium boolean NOT NULL DEFAULT false,
    password_hash text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE sessions (
    hash text PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    app_name text NOT NULL DEFAULT '',
    location text,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  );
  CREATE TABLE channels (
    channel_id bigint PRIMARY KEY,
    channel_name text NOT NULL,
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    selected boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX channels_user ON channels (user_id);
  CREATE TABLE bots (
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    token text NOT NULL,
    bot_id bigint NOT NULL,
    PRIMARY KEY (user_id, token)
  );
  CREATE TABLE files (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    type text NOT NULL CHECK (type IN ('file', 'folder')),
    mime_type text NOT NULL,
    size bigint,
    category text,
    encrypted boolean NOT NULL DEFAULT false,
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'active',
    parent_id uuid REFERENCES files ON DELETE CASCADE,
    parts jsonb,
    channel_id bigint,
    hash text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE UNIQUE INDEX files_unique_name ON files
    (user_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), name)
    WHERE status = 'active';
  CREATE INDEX files_parent_id ON files (parent_id, id);
  CREATE INDEX files_parent_name ON files (parent_id, name, id) WHERE status = 'active';
  CREATE INDEX files_parent_updated ON files (parent_id, updated_at, id) WHERE status = 'active';
  CREATE INDEX files_parent_size ON files (parent_id, size, id) WHERE status = 'active';
  CREATE INDEX files_user_name ON files (user_id, name, id) WHERE status = 'active';
  CREATE INDEX files_user_updated ON files (user_id, updated_at, id) WHERE status = 'active';
  CREATE SEQUENCE part_ids START 1;
  CREATE TABLE uploads (
    upload_id text NOT NULL,
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    name text NOT NULL,
    part_no integer NOT NULL,
    part_id bigint NOT NULL,
    channel_id bigint NOT NULL,
    size bigint NOT NULL,
    encrypted boolean NOT NULL DEFAULT false,
    salt text NOT NULL DEFAULT '',
    block_hashes bytea,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, upload_id, part_no)
  );
  CREATE TABLE file_shares (
    id uuid PRIMARY KEY,
    file_id uuid NOT NULL REFERENCES files ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    password text,
    expires_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX file_shares_file ON file_shares (file_id);
  `,
  // 2: active children per folder, kept in step by the files module so list pages need no count(*).
  `
  ALTER TABLE files ADD COLUMN child_count bigint NOT NULL DEFAULT 0;
  UPDATE files f SET child_count = c.n
    FROM (SELECT parent_id, count(*) AS n FROM files WHERE status = 'active' AND parent_id IS NOT NULL GROUP BY parent_id) c
    WHERE f.id = c.parent_id;
  `,
  // 3: parts, jobs, sort keys, counts per scope and page marks (see migration-3-scale.ts).
  scaleMigration,
  // 4: sign-in, share-password and job state shared by every server instance (see migration-4-multi-instance.ts).
  multiInstanceMigration,
  // 5: the trash (see migration-5-trash.ts).
  trashMigration,
  // 6: the folders of each deleted tree, where each step of settling it starts (files/tree-delete.ts).
  ["CREATE INDEX files_trash_folders ON files (trash_root) WHERE trash_root IS NOT NULL AND type = 'folder'"],
  // 7: copies and restores in batches, and who queued a job (see migration-7-bulk-writes.ts).
  bulkWritesMigration,
  // 8: invitations, and sign-in limits per address (see migration-8-sign-up.ts).
  signUpMigration,
  // 9: each encrypted part's salt, so a file is refused at creation when a part's salt is wrong (files/content.ts).
  // Known for parts stored from now on and, from their upload rows, for parts still waiting to become a file.
  [
    "ALTER TABLE parts ADD COLUMN salt text",
    "UPDATE parts p SET salt = u.salt FROM uploads u WHERE u.part_id = p.id AND p.encrypted AND u.salt <> ''",
  ],
  // 10: session ids, refresh tokens, sign-in attempts and API keys (see migration-10-api-b-auth.ts).
  apiBAuthMigration,
  // 11: imports, /jobs and /periodic-jobs (see migration-11-imports.ts).
  importsMigration,
  // 12: sort keys of renamed items as a cursor walk began (see migration-12-walk-keys.ts).
  walkKeysMigration,
  // 13: the change log behind the live event stream (see migration-13-events.ts).
  eventsMigration,
  // 14: starred files and folders, per user (stars/routes.ts).
  [
    `CREATE TABLE stars (
       user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
       file_id uuid NOT NULL REFERENCES files ON DELETE CASCADE,
       created_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (user_id, file_id)
     )`,
    "CREATE INDEX stars_file ON stars (file_id)",
  ],
  // 15: WebDAV dead properties and locks (see migration-15-webdav.ts).
  webdavMigration,
  // 16: where each user stopped in each video or audio file (playback/routes.ts).
  `CREATE TABLE playback_positions (
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    file_id uuid NOT NULL REFERENCES files ON DELETE CASCADE,
    position double precision NOT NULL,
    duration double precision NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, file_id)
  );
  CREATE INDEX playback_positions_recent ON playback_positions (user_id, updated_at DESC)`,
  // 17: account preferences the server acts on (users/settings.ts), and the SFTP host keys each user trusts
  // (imports/sources/known-hosts.ts).
  [
    `CREATE TABLE user_settings (
       user_id bigint PRIMARY KEY REFERENCES users ON DELETE CASCADE,
       encrypt_files boolean,
       updated_at timestamptz NOT NULL DEFAULT now()
     )`,
    `CREATE TABLE sftp_host_keys (
       user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
       host text NOT NULL,
       port integer NOT NULL,
       fingerprint text NOT NULL,
       trusted_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (user_id, host, port)
     )`,
  ],
  // 18: file requests, links through which anyone uploads into a folder (file-requests/).
  `CREATE TABLE file_requests (
    id uuid PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    folder_id uuid NOT NULL REFERENCES files ON DELETE CASCADE,
    title text NOT NULL,
    password text,
    expires_at timestamptz,
    max_file_size bigint,
    max_files integer,
    uploads integer NOT NULL DEFAULT 0,
    bytes bigint NOT NULL DEFAULT 0,
    last_upload_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX file_requests_user ON file_requests (user_id, created_at DESC);
  CREATE INDEX file_requests_folder ON file_requests (folder_id)`,
  // 19: when a picture was taken (its EXIF date, read as its thumbnail is rendered: thumbnails/taken-at.ts), and
  // `GET /files?sort=takenAt`, by coalesce(taken_at, updated_at) (files/lib/sorts.ts). Indexes mirror the
  // updated_at ones; a walk by takenAt records a changed taken_at like the other sort keys (migration 12).
  [
    "ALTER TABLE files ADD COLUMN taken_at timestamptz",
    "CREATE INDEX files_parent_taken ON files (parent_id, type, coalesce(taken_at, updated_at), id) WHERE status = 'active'",
    "CREATE INDEX files_user_taken ON files (user_id, type, coalesce(taken_at, updated_at), id) WHERE status = 'active'",
    `CREATE INDEX files_category_taken ON files (user_id, category, coalesce(taken_at, updated_at), id)
       WHERE status = 'active' AND type = 'file'`,
    "ALTER TABLE file_key_changes ADD COLUMN taken_at timestamptz",
    `CREATE OR REPLACE FUNCTION files_walk_key() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF current_setting('drive.walk_keys', true) = 'off' THEN
         RETURN NEW;
       END IF;
       INSERT INTO file_key_changes (file_id, name_key, size, updated_at, taken_at)
         VALUES (OLD.id, OLD.name_key, OLD.size, OLD.updated_at, OLD.taken_at);
       NEW.key_xid := pg_current_xact_id();
       IF random() < 0.01 THEN
         DELETE FROM file_key_changes WHERE at < now() - interval '1 day';
       END IF;
       RETURN NEW;
     END $$`,
    "DROP TRIGGER files_walk_key ON files",
    `CREATE TRIGGER files_walk_key BEFORE UPDATE ON files FOR EACH ROW
       WHEN (OLD.status = 'active' AND NEW.status = 'active' AND (OLD.name_key IS DISTINCT FROM NEW.name_key
             OR OLD.size IS DISTINCT FROM NEW.size OR OLD.updated_at IS DISTINCT FROM NEW.updated_at
             OR OLD.taken_at IS DISTINCT FROM NEW.taken_at))
       EXECUTE FUNCTION files_walk_key()`,
  ],
  // 20: where the one pass that dates pictures and videos rendered before their dates were read stands
  // (thumbnails/backfill-taken-at.ts): the last file id it looked at, and when it ended. One row.
  `CREATE TABLE taken_at_backfill (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    after_id uuid,
    done_at timestamptz
  );
  INSERT INTO taken_at_backfill DEFAULT VALUES`,
];

export async function migrate(db: DbHandle): Promise<void> {
  await db.query(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const done = new Set(
    (await db.query<{ version: number }>("SELECT version FROM schema_migrations")).map((r) => r.version),
  );
  for (const [i, sql] of migrations.entries()) {
    const version = i + 1;
    if (done.has(version)) continue;
    // A string is split at semicolons; a list (for function bodies, which hold semicolons) is run item by item.
    const statements = Array.isArray(sql)
      ? sql
      : sql
          .split(";")
          .map((s) => s.trim())
          .filter(Boolean);
    await db.tx(async (q) => {
      // Several servers may share one PostgreSQL: one migrates, the others wait and then skip.
      await q.query("SELECT pg_advisory_xact_lock(7000)");
      if ((await q.query("SELECT 1 FROM schema_migrations WHERE version = $1", [version])).length > 0) return;
      for (const statement of statements) await q.query(statement);
      await q.query("INSERT INTO schema_migrations (version) VALUES ($1)", [version]);
    });
  }
}
