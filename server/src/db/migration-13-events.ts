/**
 * Migration 13: the change log behind `GET /events/stream` (server/src/events/, docs/decisions.md "Live events").
 *
 * Changes are captured by the database itself, so every writer is covered whoever wrote it (both API generations,
 * WebDAV, the trash, background steps, imports): statement triggers on `files` write one `events` row per changed
 * row (or, when one statement changes more than 100 rows of a user, one row per folder they are in, with `count`),
 * and on `uploads` one per stored part (`uploads.progress`, named after the part without its `.part.N`). Each statement that wrote events sends
 * `NOTIFY drive_events`, which wakes every instance (PostgreSQL) or the one process (PGlite) once it commits.
 *
 * What counts as which event:
 * - inserted active rows: `files.created`, or `files.copied` when the transaction set `drive.event_op = 'copied'`;
 * - a row that becomes active again (a restore): `files.created`;
 * - an active row leaving (trashed, purging, deleted) and a trashed item deleted for good: `files.deleted`;
 * - an active row whose folder changed: `files.moved` (`parentId` the old folder, `destParentId` the new one);
 * - an active row whose name, size, type, content, hash or date changed: `files.updated`.
 * Rows changing inside an already deleted tree and housekeeping columns (the sort key) make no event.
 */
const FILE_EVENT_ROW = "(user_id bigint, type text, id uuid, name text, ftype text, parent_id uuid, dest uuid)";

export const eventsMigration: string[] = [
  `CREATE TABLE events (
     seq bigserial PRIMARY KEY,
     id uuid NOT NULL DEFAULT gen_random_uuid(),
     user_id bigint NOT NULL,
     type text NOT NULL,
     source jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  "CREATE INDEX events_user ON events (user_id, seq)",
  "CREATE INDEX events_created ON events (created_at)",
  // Writes the events of one statement's changes (a jsonb array of FILE_EVENT_ROW) and wakes the readers.
  `CREATE FUNCTION drive_file_events(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     IF changes IS NULL OR jsonb_array_length(changes) = 0 THEN RETURN; END IF;
     WITH c AS (
       SELECT x.*, count(*) OVER (PARTITION BY x.user_id) AS per_user
       FROM jsonb_to_recordset(changes) AS x${FILE_EVENT_ROW}
     )
     INSERT INTO events (user_id, type, source)
     SELECT user_id, type, jsonb_strip_nulls(jsonb_build_object(
              'id', id, 'name', name, 'type', ftype, 'parentId', parent_id, 'destParentId', dest))
       FROM c WHERE per_user <= 100
     UNION ALL
     SELECT user_id, type, jsonb_strip_nulls(jsonb_build_object(
              'id', min(id::text), 'name', min(name), 'type', min(ftype), 'parentId', parent_id, 'destParentId', dest,
              'count', count(*)))
       FROM c WHERE per_user > 100 GROUP BY user_id, type, parent_id, dest;
     PERFORM pg_notify('drive_events', '');
   END $$`,
  `CREATE FUNCTION files_events() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE changes jsonb;
   BEGIN
     IF TG_OP = 'INSERT' THEN
       SELECT jsonb_agg(jsonb_build_object('user_id', n.user_id,
                'type', CASE WHEN current_setting('drive.event_op', true) = 'copied' THEN 'files.copied'
                             ELSE 'files.created' END,
                'id', n.id, 'name', n.name, 'ftype', n.type, 'parent_id', n.parent_id))
         INTO changes FROM new_rows n WHERE n.status = 'active';
     ELSIF TG_OP = 'DELETE' THEN
       SELECT jsonb_agg(jsonb_build_object('user_id', o.user_id, 'type', 'files.deleted',
                'id', o.id, 'name', o.name, 'ftype', o.type, 'parent_id', o.parent_id))
         INTO changes FROM old_rows o WHERE o.status = 'active';
     ELSE
       SELECT jsonb_agg(jsonb_build_object('user_id', e.user_id, 'type', e.type,
                'id', e.id, 'name', e.name, 'ftype', e.ftype, 'parent_id', e.parent_id, 'dest', e.dest))
         INTO changes
         FROM (
           SELECT n.user_id, n.id, n.name, n.type AS ftype,
             CASE
               WHEN o.status <> n.status AND n.status = 'active' THEN 'files.created'
               WHEN o.status <> n.status AND (o.status = 'active' OR n.id = n.trash_root) THEN 'files.deleted'
               WHEN o.status <> n.status THEN NULL
               WHEN n.status <> 'active' THEN NULL
               WHEN o.parent_id IS DISTINCT FROM n.parent_id THEN 'files.moved'
               WHEN (o.name, o.type, o.size, o.updated_at, o.mime_type, o.category, o.encrypted, o.hash)
                    IS DISTINCT FROM (n.name, n.type, n.size, n.updated_at, n.mime_type, n.category, n.encrypted, n.hash)
                 OR o.parts IS DISTINCT FROM n.parts THEN 'files.updated'
             END AS type,
             CASE WHEN o.parent_id IS DISTINCT FROM n.parent_id AND o.status = n.status THEN o.parent_id
                  ELSE n.parent_id END AS parent_id,
             CASE WHEN o.parent_id IS DISTINCT FROM n.parent_id AND o.status = n.status THEN n.parent_id END AS dest
           FROM old_rows o JOIN new_rows n ON n.id = o.id
         ) e
         WHERE e.type IS NOT NULL;
     END IF;
     PERFORM drive_file_events(changes);
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER files_events_insert AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION files_events()`,
  `CREATE TRIGGER files_events_delete AFTER DELETE ON files REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION files_events()`,
  `CREATE TRIGGER files_events_update AFTER UPDATE ON files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION files_events()`,
  // A stored part of an upload still in progress, for the other tabs and devices of its user.
  `CREATE FUNCTION uploads_events() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO events (user_id, type, source)
     SELECT n.user_id, 'uploads.progress', jsonb_build_object(
              'id', n.upload_id, 'name', regexp_replace(n.name, '[.]part[.][0-9]+$', ''), 'type', 'file', 'parentId', '',
              'progress', jsonb_build_object('partNo', n.part_no, 'partSize', n.size,
                'parts', (SELECT count(*) FROM uploads u WHERE u.user_id = n.user_id AND u.upload_id = n.upload_id),
                'bytes', (SELECT coalesce(sum(u.size), 0) FROM uploads u
                            WHERE u.user_id = n.user_id AND u.upload_id = n.upload_id)))
       FROM new_rows n;
     PERFORM pg_notify('drive_events', '');
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER uploads_events_insert AFTER INSERT ON uploads REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION uploads_events()`,
];
