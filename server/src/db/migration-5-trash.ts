/**
 * Migration 5: the trash (files/trash.ts).
 *
 * Deleting moves a tree to the trash: every row of it gets `status = 'trashed'` (a big tree in the background:
 * files/tree-delete.ts; an item deleted for good is `purging` until its rows are gone), so everything that reads
 * active rows (listings, search, counts per scope, shares, content) stops seeing it, and the counting triggers of
 * migration 3 take it out of its folder's, the drive's and the category's counts as they would for a delete. The
 * rows keep their parent, so a restore puts the tree back where it was.
 *
 * - `trash_root`: the id of the item the user deleted, on every row of its tree (the item's own row included), so a
 *   restore or a purge finds the whole tree with one index probe instead of a recursive walk.
 * - `trashed_at`: when it was deleted (same on every row of the tree); the purge job removes trees older than 30 days.
 * - `trash_origin`: on the deleted item's own row only, the path of the folder it was in ("/" for the top), shown in
 *   the trash and used to recreate that folder when it is gone by the time of the restore.
 */
export const trashMigration: string[] = [
  "ALTER TABLE files ADD COLUMN trash_root uuid",
  "ALTER TABLE files ADD COLUMN trashed_at timestamptz",
  "ALTER TABLE files ADD COLUMN trash_origin text",
  "CREATE INDEX files_trash_tree ON files (trash_root) WHERE trash_root IS NOT NULL",
  // One row per deleted item: the trash view of a user, newest first, and the purge of old items across users.
  "CREATE INDEX files_trash_user ON files (user_id, trashed_at, id) WHERE status = 'trashed' AND trash_root = id",
  "CREATE INDEX files_trash_age ON files (trashed_at) WHERE status = 'trashed' AND trash_root = id",
];
