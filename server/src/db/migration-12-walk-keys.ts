/**
 * Migration 12: where a renamed item stands in a cursor walk that began before the rename (files/cursor-paging.ts).
 *
 * A walk places every row at its sort keys as of the walk's first page (the database snapshot that page was read
 * in, carried in the cursor), so a row whose name, size or time changes during the walk is listed exactly once.
 * - `files.key_xid`: the transaction that last changed a listed row's sort keys; rows it is not visible to are read
 *   from `file_key_changes` instead of their index position.
 * - `file_key_changes`: each listed row's keys before such a change, kept a day (cursors older than that may miss
 *   an item renamed after they began, never list one twice).
 * Rows entering or leaving a listing (trash, restore, move) are inserts and deletes there and are not recorded.
 */
export const walkKeysMigration: string[] = [
  "ALTER TABLE files ADD COLUMN key_xid xid8",
  `CREATE TABLE file_key_changes (
     seq bigserial PRIMARY KEY,
     file_id uuid NOT NULL,
     xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
     at timestamptz NOT NULL DEFAULT now(),
     name_key text COLLATE "C" NOT NULL,
     size bigint NOT NULL,
     updated_at timestamptz NOT NULL
   )`,
  "CREATE INDEX file_key_changes_xid ON file_key_changes (xid)",
  "CREATE INDEX file_key_changes_at ON file_key_changes (at)",
  `CREATE FUNCTION files_walk_key() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     -- A stored key computed anew for every row (db/name-keys.ts) moves no item: nothing to record.
     IF current_setting('drive.walk_keys', true) = 'off' THEN
       RETURN NEW;
     END IF;
     INSERT INTO file_key_changes (file_id, name_key, size, updated_at)
       VALUES (OLD.id, OLD.name_key, OLD.size, OLD.updated_at);
     NEW.key_xid := pg_current_xact_id();
     IF random() < 0.01 THEN
       DELETE FROM file_key_changes WHERE at < now() - interval '1 day';
     END IF;
     RETURN NEW;
   END $$`,
  // Named to run after files_name_key (BEFORE triggers run in name order), so NEW.name_key is the new key.
  `CREATE TRIGGER files_walk_key BEFORE UPDATE ON files FOR EACH ROW
     WHEN (OLD.status = 'active' AND NEW.status = 'active' AND (OLD.name_key IS DISTINCT FROM NEW.name_key
           OR OLD.size IS DISTINCT FROM NEW.size OR OLD.updated_at IS DISTINCT FROM NEW.updated_at))
     EXECUTE FUNCTION files_walk_key()`,
];
