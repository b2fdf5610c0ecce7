/**
 * Migration 3: what a million-file drive needs (docs/architecture.md, "The server at scale").
 *
 * - `parts`: one row per stored part file. A part exists on disk exactly while its row exists; files reference
 *   parts by id in `files.parts`, found through a GIN index, and uploads through `uploads.part_id`. Nothing
 *   references a part whose row is gone, and a part is removed only when nothing references it.
 * - `jobs`: the durable background queue (jobs/queue.ts).
 * - `files.name_key`: the name as people sort it, computed in TypeScript (db/name-key.ts); the fallback
 *   trigger below only covers rows written outside the files module.
 * - `scope_counts` and `page_marks`, kept by statement triggers on `files`: how many active rows a scope holds
 *   (a folder's children, a user's whole drive, a user's files of one category), split into folders (seg 0) and
 *   files (seg 1), and for big scopes a mark every ~1,000 rows in each sort order, so page N starts from the
 *   nearest mark instead of skipping N × limit rows (files/lib/paging.ts).
 * - Deleting a tree deletes rows in one statement: no per-row cascades (the parent and share foreign keys go;
 *   files/tree-delete.ts locks the folders instead).
 */

/** Rows between two marks; a bucket is split when it reaches twice this. */
const BUCKET = 1000;
/** A scope gets marks once it holds this many rows of one segment. */
const MARK_FROM = 4000;

/** The WHERE clause selecting a scope's rows of one segment; `$1` is the scope key. Mirrors files/lib/scopes.ts. */
const scopeWhere = `
CREATE FUNCTION files_scope_where(p_kind smallint, p_seg smallint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_kind
    WHEN 1 THEN 'parent_id = $1::uuid'
    WHEN 2 THEN 'user_id = $1::bigint AND parent_id IS NOT NULL'
    ELSE 'user_id = split_part($1, '':'', 1)::bigint AND category = split_part($1, '':'', 2) AND parent_id IS NOT NULL'
  END || ' AND status = ''active'' AND type = ' || CASE p_seg WHEN 0 THEN '''folder''' ELSE '''file''' END
$$`;

/** Marks column, files column and the value below every key, per sort (0 name, 1 size, 2 updated). */
const sortColumns = `
CREATE FUNCTION files_sort_columns(p_sort smallint, OUT mark_col text, OUT file_col text, OUT low text, OUT cast_to text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT m, f, l, c FROM (VALUES
    (0::smallint, 'k_name', 'name_key', $q$''$q$, 'text'),
    (1::smallint, 'k_size', 'size', '-1', 'bigint'),
    (2::smallint, 'k_time', 'updated_at', '-infinity', 'timestamptz')
  ) v(sort, m, f, l, c) WHERE v.sort = p_sort
$$`;

/** (Re)builds every mark of one scope segment from its rows. */
const buildMarks = `
CREATE FUNCTION files_marks_build(p_kind smallint, p_scope text, p_seg smallint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  DELETE FROM page_marks WHERE kind = p_kind AND scope = p_scope AND seg = p_seg;
  FOR s IN SELECT sort, c.* FROM generate_series(0, 2) sort, files_sort_columns(sort::smallint) c LOOP
    EXECUTE format(
      'INSERT INTO page_marks (kind, scope, seg, sort, %1$I, id, n)
       SELECT $2, $1, $3, %4$s, CASE WHEN rn = 0 THEN %5$L::%6$s ELSE k END,
              CASE WHEN rn = 0 THEN ''00000000-0000-0000-0000-000000000000''::uuid ELSE id END,
              least(${BUCKET}, total - rn)
       FROM (SELECT %2$I AS k, id, row_number() OVER (ORDER BY %2$I, id) - 1 AS rn, count(*) OVER () AS total
             FROM files WHERE %3$s) x
       WHERE rn %% ${BUCKET} = 0',
      s.mark_col, s.file_col, files_scope_where(p_kind, p_seg), s.sort, s.low, s.cast_to)
    USING p_scope, p_kind, p_seg;
  END LOOP;
END $$`;

/** Splits a bucket that grew to 2 × BUCKET rows into buckets of BUCKET rows, recounting it from its rows. */
const splitMark = `
CREATE FUNCTION files_marks_split(p_mid bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m page_marks;
  c record;
  lo text;
  hi text;
  hi_id uuid;
  keys text[];
  ids uuid[];
  total bigint;
BEGIN
  SELECT * INTO m FROM page_marks WHERE mid = p_mid;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT * INTO c FROM files_sort_columns(m.sort);
  EXECUTE format('SELECT ($1).%I::text', c.mark_col) INTO lo USING m;
  EXECUTE format(
    'SELECT %1$I::text AS key_text, id FROM page_marks WHERE kind = $1 AND scope = $2 AND seg = $3 AND sort = $4
       AND (%1$I, id) > ($5::%2$s, $6) ORDER BY %1$I, id LIMIT 1', c.mark_col, c.cast_to)
    INTO hi, hi_id USING m.kind, m.scope, m.seg, m.sort, lo, m.id;
  EXECUTE format(
    'SELECT array_agg(k::text ORDER BY rn) FILTER (WHERE rn > 0 AND rn %% ${BUCKET} = 0),
            array_agg(id ORDER BY rn) FILTER (WHERE rn > 0 AND rn %% ${BUCKET} = 0), count(*)
     FROM (SELECT %1$I AS k, id, row_number() OVER (ORDER BY %1$I, id) - 1 AS rn FROM files
           WHERE %2$s AND (%1$I, id) >= ($2::%3$s, $3) %4$s) x',
    c.file_col, files_scope_where(m.kind, m.seg), c.cast_to,
    CASE WHEN hi IS NULL THEN '' ELSE format('AND (%I, id) < ($4::%s, $5)', c.file_col, c.cast_to) END)
    INTO keys, ids, total USING m.scope, lo, m.id, hi, hi_id;
  UPDATE page_marks SET n = least(${BUCKET}, total) WHERE mid = p_mid;
  IF keys IS NOT NULL THEN
    EXECUTE format(
      'INSERT INTO page_marks (kind, scope, seg, sort, %1$I, id, n)
       SELECT $1, $2, $3, $4, k::%2$s, id, least(${BUCKET}, $5 - ord * ${BUCKET})
       FROM unnest($6::text[], $7::uuid[]) WITH ORDINALITY AS v(k, id, ord)', c.mark_col, c.cast_to)
      USING m.kind, m.scope, m.seg, m.sort, total, keys, ids;
  END IF;
END $$`;

/** The changed rows of `ds` with each scope they count in (a row counts in its folder, drive and category). */
const deltaScopes = `
CREATE FUNCTION files_delta_scopes(ds file_delta[])
RETURNS TABLE (delta integer, kind smallint, scope text, seg smallint, id uuid, name_key text, size bigint,
               updated_at timestamptz)
LANGUAGE sql IMMUTABLE AS $$
  SELECT d.delta, v.kind, v.scope, (d.type = 'file')::int::smallint, d.id, d.name_key, d.size, d.updated_at
  FROM unnest(ds) d
  CROSS JOIN LATERAL (VALUES
    (1::smallint, d.parent_id::text),
    (2::smallint, d.user_id::text),
    (3::smallint, CASE WHEN d.type = 'file' THEN d.user_id::text || ':' || coalesce(d.category, 'other') END)
  ) v(kind, scope)
  WHERE d.parent_id IS NOT NULL AND v.scope IS NOT NULL
$$`;

/** The changed rows of `ds` that count in one scope segment. */
const scopeRows = `
CREATE FUNCTION files_scope_rows(ds file_delta[], p_kind smallint, p_scope text, p_seg smallint)
RETURNS SETOF file_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT d.* FROM unnest(ds) d
  WHERE d.parent_id IS NOT NULL AND (d.type = 'file') = (p_seg = 1) AND CASE p_kind
    WHEN 1 THEN d.parent_id::text = p_scope
    WHEN 2 THEN d.user_id::text = p_scope
    ELSE d.type = 'file' AND d.user_id::text || ':' || coalesce(d.category, 'other') = p_scope
  END
$$`;

/**
 * Moves the changed rows of one marked scope segment into their buckets: each row counts in the bucket of the last
 * mark at or before it, in each sort order. Few rows: an index probe per row and order. Many (a tree deleted): one
 * merge of the rows with the marks per order, sorted together.
 */
const countInBuckets = `
CREATE FUNCTION files_marks_count(ds file_delta[], p_kind smallint, p_scope text, p_seg smallint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  IF (SELECT count(*) FROM files_scope_rows(ds, p_kind, p_scope, p_seg)) <= 2000 THEN
    UPDATE page_marks pm SET n = pm.n + x.delta FROM (
      SELECT b.mid, sum(d.delta) AS delta
      FROM files_scope_rows(ds, p_kind, p_scope, p_seg) d
      CROSS JOIN LATERAL (
        (SELECT mid FROM page_marks p WHERE p.kind = p_kind AND p.scope = p_scope AND p.seg = p_seg AND p.sort = 0
           AND (p.k_name, p.id) <= (d.name_key, d.id) ORDER BY p.k_name DESC, p.id DESC LIMIT 1)
        UNION ALL
        (SELECT mid FROM page_marks p WHERE p.kind = p_kind AND p.scope = p_scope AND p.seg = p_seg AND p.sort = 1
           AND (p.k_size, p.id) <= (d.size, d.id) ORDER BY p.k_size DESC, p.id DESC LIMIT 1)
        UNION ALL
        (SELECT mid FROM page_marks p WHERE p.kind = p_kind AND p.scope = p_scope AND p.seg = p_seg AND p.sort = 2
           AND (p.k_time, p.id) <= (d.updated_at, d.id) ORDER BY p.k_time DESC, p.id DESC LIMIT 1)
      ) b
      GROUP BY b.mid
    ) x WHERE pm.mid = x.mid AND x.delta <> 0;
    RETURN;
  END IF;
  FOR c IN SELECT sort, s.* FROM generate_series(0, 2) sort, files_sort_columns(sort::smallint) s LOOP
    EXECUTE format(
      'UPDATE page_marks pm SET n = pm.n + x.delta FROM (
         SELECT m.mid, sum(a.delta) AS delta FROM (
           SELECT delta, is_row, max(ord) OVER (ORDER BY k, id, is_row ROWS UNBOUNDED PRECEDING) AS b FROM (
             SELECT %1$I AS k, id, row_number() OVER (ORDER BY %1$I, id) AS ord, NULL::integer AS delta, 0 AS is_row
             FROM page_marks WHERE kind = $2 AND scope = $3 AND seg = $4 AND sort = $5
             UNION ALL
             SELECT %2$I, id, NULL, delta, 1 FROM files_scope_rows($1, $2, $3, $4)
           ) u
         ) a
         JOIN (SELECT mid, row_number() OVER (ORDER BY %1$I, id) AS ord FROM page_marks
               WHERE kind = $2 AND scope = $3 AND seg = $4 AND sort = $5) m ON m.ord = a.b
         WHERE a.is_row = 1 GROUP BY m.mid
       ) x WHERE pm.mid = x.mid AND x.delta <> 0', c.mark_col, c.file_col)
      USING ds, p_kind, p_scope, p_seg, c.sort::smallint;
  END LOOP;
END $$`;

/**
 * Applies row changes (+1 a row entering a scope, -1 leaving) to the counts, then per scope touched: an emptied
 * scope loses its count and marks, a marked one moves its rows into buckets (splitting full ones, dropping empty
 * ones), and one that grew past MARK_FROM gets its marks. Counts are locked first and in a fixed order, so two
 * writers of one scope take turns for the rest of their transactions.
 */
const applyDeltas = `
CREATE FUNCTION files_apply_deltas(ds file_delta[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sc record;
  m record;
BEGIN
  IF coalesce(cardinality(ds), 0) = 0 THEN RETURN; END IF;
  INSERT INTO scope_counts AS c (kind, scope, seg, n, bytes)
  SELECT kind, scope, seg, sum(delta), sum(delta * size) FROM files_delta_scopes(ds) GROUP BY 1, 2, 3
  HAVING sum(delta) <> 0 OR sum(delta * size) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (kind, scope, seg) DO UPDATE SET n = c.n + excluded.n, bytes = c.bytes + excluded.bytes;
  FOR sc IN
    SELECT t.kind, t.scope, t.seg, coalesce(c.n, 0) AS n,
           EXISTS (SELECT 1 FROM page_marks p WHERE p.kind = t.kind AND p.scope = t.scope AND p.seg = t.seg
                     AND p.sort = 0) AS marked
    FROM (SELECT DISTINCT kind, scope, seg FROM files_delta_scopes(ds)) t
    LEFT JOIN scope_counts c USING (kind, scope, seg)
  LOOP
    IF sc.n <= 0 THEN
      DELETE FROM scope_counts WHERE kind = sc.kind AND scope = sc.scope AND seg = sc.seg;
      DELETE FROM page_marks WHERE kind = sc.kind AND scope = sc.scope AND seg = sc.seg;
    ELSIF sc.marked THEN
      PERFORM files_marks_count(ds, sc.kind, sc.scope, sc.seg);
      FOR m IN SELECT mid, n FROM page_marks WHERE kind = sc.kind AND scope = sc.scope AND seg = sc.seg
                 AND (n >= ${2 * BUCKET} OR (n <= 0 AND id <> '00000000-0000-0000-0000-000000000000')) LOOP
        IF m.n > 0 THEN PERFORM files_marks_split(m.mid); ELSE DELETE FROM page_marks WHERE mid = m.mid; END IF;
      END LOOP;
    ELSIF sc.n >= ${MARK_FROM} THEN
      PERFORM files_marks_build(sc.kind, sc.scope, sc.seg);
    END IF;
  END LOOP;
END $$`;

const deltaOf = (table: string, sign: number) =>
  `SELECT ROW(${sign}, r.id, r.parent_id, r.user_id, r.type, r.category, r.name_key, r.size, r.updated_at)::file_delta
   FROM ${table} r WHERE r.status = 'active'`;

const triggers = [
  `CREATE FUNCTION files_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM files_apply_deltas(ARRAY(${deltaOf("new_rows", 1)}));
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION files_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM files_apply_deltas(ARRAY(${deltaOf("old_rows", -1)}));
     RETURN NULL;
   END $$`,
  // Only rows whose scope or sort keys changed; a move is -1 in the old folder and +1 in the new one.
  `CREATE FUNCTION files_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM files_apply_deltas(ARRAY(
       SELECT d FROM old_rows o JOIN new_rows n USING (id),
         LATERAL (
           SELECT ROW(-1, o.id, o.parent_id, o.user_id, o.type, o.category, o.name_key, o.size, o.updated_at)::file_delta
             WHERE o.status = 'active'
           UNION ALL
           SELECT ROW(1, n.id, n.parent_id, n.user_id, n.type, n.category, n.name_key, n.size, n.updated_at)::file_delta
             WHERE n.status = 'active'
         ) x(d)
       WHERE (o.status, o.parent_id, o.user_id, o.type, o.category, o.name_key, o.size, o.updated_at)
         IS DISTINCT FROM (n.status, n.parent_id, n.user_id, n.type, n.category, n.name_key, n.size, n.updated_at)
     ));
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER files_scopes_insert AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION files_after_insert()`,
  `CREATE TRIGGER files_scopes_delete AFTER DELETE ON files REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION files_after_delete()`,
  `CREATE TRIGGER files_scopes_update AFTER UPDATE ON files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION files_after_update()`,
];

export const scaleMigration: string[] = [
  "CREATE TABLE app_state (key text PRIMARY KEY, value text NOT NULL)",

  // Parts and what references them.
  `CREATE TABLE parts (
     id bigint PRIMARY KEY,
     channel_id bigint NOT NULL,
     user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
     size bigint,
     encrypted boolean NOT NULL DEFAULT false,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `INSERT INTO parts (id, channel_id, user_id, size, encrypted)
   SELECT DISTINCT ON (part_id) part_id, channel_id, user_id, size, encrypted FROM uploads WHERE part_id > 0
   ORDER BY part_id, created_at DESC`,
  `INSERT INTO parts (id, channel_id, user_id, encrypted)
   SELECT DISTINCT ON ((p ->> 'id')::bigint) (p ->> 'id')::bigint, f.channel_id, f.user_id, f.encrypted
   FROM files f, jsonb_array_elements(CASE WHEN jsonb_typeof(f.parts) = 'array' THEN f.parts ELSE '[]' END) p
   WHERE f.channel_id IS NOT NULL
   ORDER BY (p ->> 'id')::bigint, f.created_at
   ON CONFLICT (id) DO NOTHING`,
  // fastupdate off: a pending list would make every reference check scan it (seconds once it is long).
  "CREATE INDEX files_parts ON files USING gin (parts jsonb_path_ops) WITH (fastupdate = off)",
  "CREATE INDEX uploads_part ON uploads (part_id)",
  // Stored parts no row records, seen by the reconciliation (parts/reconcile.ts); removed when seen again later.
  `CREATE TABLE part_suspects (
     channel_id bigint NOT NULL, part_id bigint NOT NULL, seen_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (channel_id, part_id)
   )`,

  `CREATE TABLE jobs (
     id bigserial PRIMARY KEY,
     kind text NOT NULL,
     key text UNIQUE,
     payload jsonb NOT NULL DEFAULT '{}',
     run_at timestamptz NOT NULL DEFAULT now(),
     lease_until timestamptz,
     attempts integer NOT NULL DEFAULT 0,
     last_error text,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  "CREATE INDEX jobs_due ON jobs (run_at)",

  // Whole trees go in one statement; integrity of parents is kept by locks (files/tree-delete.ts).
  "ALTER TABLE files DROP CONSTRAINT IF EXISTS files_parent_id_fkey",
  "ALTER TABLE file_shares DROP CONSTRAINT IF EXISTS file_shares_file_id_fkey",
  "ALTER TABLE files DROP COLUMN child_count",
  // Sort keys never NULL, so keyset comparisons see every row.
  "UPDATE files SET size = 0 WHERE size IS NULL",
  "ALTER TABLE files ALTER COLUMN size SET DEFAULT 0",
  "ALTER TABLE files ALTER COLUMN size SET NOT NULL",
  "UPDATE files SET category = 'other' WHERE type = 'file' AND category IS NULL",
  `ALTER TABLE files ADD COLUMN name_key text COLLATE "C"`,
  `CREATE FUNCTION files_name_key_fallback() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.name_key IS NULL OR (TG_OP = 'UPDATE' AND NEW.name IS DISTINCT FROM OLD.name
                                 AND NEW.name_key IS NOT DISTINCT FROM OLD.name_key) THEN
       NEW.name_key := lower(NEW.name) || chr(1) || NEW.name;
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER files_name_key BEFORE INSERT OR UPDATE OF name, name_key ON files
     FOR EACH ROW EXECUTE FUNCTION files_name_key_fallback()`,
  "UPDATE files SET name_key = NULL",

  "DROP INDEX files_parent_id",
  "DROP INDEX files_parent_name",
  "DROP INDEX files_parent_updated",
  "DROP INDEX files_parent_size",
  "DROP INDEX files_user_name",
  "DROP INDEX files_user_updated",
  // Folders come first in every order, so each index starts with the type after the scope.
  "CREATE INDEX files_parent_name ON files (parent_id, type, name_key, id) WHERE status = 'active'",
  "CREATE INDEX files_parent_size ON files (parent_id, type, size, id) WHERE status = 'active'",
  "CREATE INDEX files_parent_updated ON files (parent_id, type, updated_at, id) WHERE status = 'active'",
  "CREATE INDEX files_user_name ON files (user_id, type, name_key, id) WHERE status = 'active'",
  "CREATE INDEX files_user_size ON files (user_id, type, size, id) WHERE status = 'active'",
  "CREATE INDEX files_user_updated ON files (user_id, type, updated_at, id) WHERE status = 'active'",
  "CREATE INDEX files_category_name ON files (user_id, category, name_key, id) WHERE status = 'active' AND type = 'file'",
  "CREATE INDEX files_category_size ON files (user_id, category, size, id) WHERE status = 'active' AND type = 'file'",
  "CREATE INDEX files_category_updated ON files (user_id, category, updated_at, id) WHERE status = 'active' AND type = 'file'",

  // Counts per scope (kind 1 folder, 2 user, 3 user and category) and segment (0 folders, 1 files).
  `CREATE TABLE scope_counts (
     kind smallint NOT NULL, scope text COLLATE "C" NOT NULL, seg smallint NOT NULL,
     n bigint NOT NULL, bytes bigint NOT NULL DEFAULT 0,
     PRIMARY KEY (kind, scope, seg)
   )`,
  `INSERT INTO scope_counts (kind, scope, seg, n, bytes)
   SELECT 1, parent_id::text, (type = 'file')::int, count(*), sum(size) FROM files
   WHERE status = 'active' AND parent_id IS NOT NULL GROUP BY 2, 3`,
  `INSERT INTO scope_counts (kind, scope, seg, n, bytes)
   SELECT 2, user_id::text, (type = 'file')::int, count(*), sum(size) FROM files
   WHERE status = 'active' AND parent_id IS NOT NULL GROUP BY 2, 3`,
  `INSERT INTO scope_counts (kind, scope, seg, n, bytes)
   SELECT 3, user_id::text || ':' || category, 1, count(*), sum(size) FROM files
   WHERE status = 'active' AND parent_id IS NOT NULL AND type = 'file' GROUP BY 2`,
  // The upload history of the storage page reads a window of days.
  "CREATE INDEX files_user_created ON files (user_id, created_at) WHERE type = 'file'",
  `CREATE TABLE page_marks (
     mid bigserial PRIMARY KEY,
     kind smallint NOT NULL, scope text COLLATE "C" NOT NULL, seg smallint NOT NULL, sort smallint NOT NULL,
     k_name text COLLATE "C", k_size bigint, k_time timestamptz, id uuid NOT NULL,
     n integer NOT NULL
   )`,
  "CREATE INDEX page_marks_scope ON page_marks (kind, scope, seg)",
  "CREATE INDEX page_marks_name ON page_marks (kind, scope, seg, k_name, id) WHERE sort = 0",
  "CREATE INDEX page_marks_size ON page_marks (kind, scope, seg, k_size, id) WHERE sort = 1",
  "CREATE INDEX page_marks_time ON page_marks (kind, scope, seg, k_time, id) WHERE sort = 2",
  `CREATE TYPE file_delta AS (
     delta integer, id uuid, parent_id uuid, user_id bigint, type text, category text,
     name_key text COLLATE "C", size bigint, updated_at timestamptz
   )`,
  scopeWhere,
  sortColumns,
  buildMarks,
  splitMark,
  deltaScopes,
  scopeRows,
  countInBuckets,
  applyDeltas,
  ...triggers,
];
