/**
 * Migration 7: bulk writes in batches (files/bulk-write.ts).
 *
 * - `jobs.user_id`: whose request queued a job, for the jobs that write many rows for one user (a big copy, a big
 *   restore): a user may have only so many of them running at once.
 * - `copy_runs`: one row per copy of a folder tree still in progress: when it was asked for (`updated_at`, given to
 *   every copied row) and how many more rows it may write (`rows_left`).
 * - `copy_folders`: the folders of such a copy whose children are still to copy: the source folder, its copy, and
 *   how far the copy got in the source folder: its folders, then its files, each in name order (`after_*`, a keyset
 *   on the `files_parent_name` index).
 */
export const bulkWritesMigration: string[] = [
  "ALTER TABLE jobs ADD COLUMN user_id bigint",
  "CREATE INDEX jobs_user ON jobs (user_id) WHERE user_id IS NOT NULL",
  `CREATE TABLE copy_runs (
     id uuid PRIMARY KEY,
     user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
     updated_at timestamptz NOT NULL,
     rows_left bigint NOT NULL
   )`,
  `CREATE TABLE copy_folders (
     copy_id uuid NOT NULL REFERENCES copy_runs ON DELETE CASCADE,
     source_id uuid NOT NULL,
     target_id uuid NOT NULL,
     depth integer NOT NULL,
     after_type text NOT NULL DEFAULT '',
     after_key text COLLATE "C" NOT NULL DEFAULT '',
     after_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
     PRIMARY KEY (copy_id, target_id)
   )`,
];
