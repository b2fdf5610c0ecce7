import type { Db, DbHandle } from "./handle.js";
import { holdPresence, nextInstanceId } from "./instance.js";
import { startMaintenance } from "./maintenance.js";
import { migrate } from "./migrations.js";
import { backfillNameKeys } from "./name-keys.js";
import { openPglite } from "./pglite.js";
import { openPostgres } from "./postgres.js";

export type { Db, DbHandle, OpenedDb, Queryable } from "./handle.js";

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Longest a request's statement may run (0: no limit). Default 10 s. */
  statementTimeoutMs?: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

/**
 * A trigram index makes text search (`name ILIKE '%word%'`, and regex) fast in big drives. It needs the pg_trgm
 * extension, which a PostgreSQL role without CREATE on the database may not be allowed to add: then search
 * works as before, scanning the user's files, and the server says so once at start.
 */
async function ensureSearchIndex(db: DbHandle): Promise<void> {
  try {
    await db.query("CREATE EXTENSION IF NOT EXISTS pg_trgm");
    await db.query(
      "CREATE INDEX IF NOT EXISTS files_name_trgm ON files USING gin (name gin_trgm_ops) WHERE status = 'active'",
    );
  } catch (err) {
    console.warn(`text search is not indexed (pg_trgm unavailable): ${err instanceof Error ? err.message : err}`);
  }
}

/** Opens PostgreSQL when `databaseUrl` is set, else PGlite under `dataDir`, and migrates it. */
export async function openDb(opts: DbOptions): Promise<Db> {
  const timeout = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl, timeout) : await openPglite(opts.dataDir, timeout);
  try {
    await migrate(db.background);
    await ensureSearchIndex(db.background);
    await backfillNameKeys(db.background);
    if (db.kind === "pglite") await db.background.query("ANALYZE");
  } catch (err) {
    await db.close();
    throw err;
  }
  const instanceId = await nextInstanceId(db.background);
  // One PGlite has one server; on PostgreSQL the others must see when this one stops (db/instance.ts).
  const presence = opts.databaseUrl ? await holdPresence(opts.databaseUrl, instanceId) : undefined;
  const stopMaintenance = startMaintenance(db);
  return {
    ...db,
    instanceId,
    close: async () => {
      stopMaintenance();
      await presence?.close();
      await db.close();
    },
  };
}
