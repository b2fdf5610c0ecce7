/**
 * WebDAV's own tables (webdav/): dead properties set by PROPPATCH, kept per item so they follow it through a move,
 * and write locks, kept in the database so every server instance honours a lock another one granted.
 * Locks name a path of the user's drive (RFC 4918 locks a URL, not the item that happens to live there).
 */
export const webdavMigration = [
  `CREATE TABLE webdav_props (
     file_id uuid NOT NULL REFERENCES files ON DELETE CASCADE,
     ns text NOT NULL,
     name text NOT NULL,
     value text NOT NULL,
     PRIMARY KEY (file_id, ns, name)
   )`,
  `CREATE TABLE webdav_locks (
     token text PRIMARY KEY,
     user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
     path text NOT NULL,
     deep boolean NOT NULL,
     exclusive boolean NOT NULL,
     owner text NOT NULL DEFAULT '',
     timeout_seconds integer NOT NULL,
     expires_at timestamptz NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  "CREATE INDEX webdav_locks_user_path ON webdav_locks (user_id, path)",
];
