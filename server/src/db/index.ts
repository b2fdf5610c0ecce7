import fs from "node:fs";
import path from "node:path";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { migrate } from "./migrations.js";
import { seedFromTemplate } from "./pglite-template.js";

/** Anything that runs a parameterised SQL statement: the database or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` in one transaction; rolls back when it throws. */
  tx<R>(fn: (q: Queryable) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

// int8 (bigint, count(*), sum()) as JS numbers: sizes stay far below 2^53.
const INT8 = 20;
const NUMERIC = 1700;
const toNumber = (v: string) => Number(v);

async function openPglite(dataDir: string): Promise<Db> {
  const dir = path.join(dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  await seedFromTemplate(dir, (d) => PGlite.create(d));
  const lite = await PGlite.create(dir, {
    parsers: { [pgliteTypes.INT8]: toNumber, [NUMERIC]: toNumber },
    extensions: { pg_trgm },
  });
  // PGlite runs no autovacuum, so planner statistics would never follow bulk writes (a 1,000-file folder
  // listed in seconds instead of milliseconds). Refresh them now and then; ANALYZE only samples rows.
  const analyze = setInterval(() => lite.exec("ANALYZE").catch(() => {}), 10 * 60_000);
  analyze.unref();
  return {
    kind: "pglite",
    async query<T>(sql: string, params?: unknown[]) {
      return (await lite.query<T>(sql, params)).rows;
    },
    tx(fn) {
      return lite.transaction((t) =>
        fn({ query: async <T>(sql: string, params?: unknown[]) => (await t.query<T>(sql, params)).rows }),
      );
    },
    close: () => {
      clearInterval(analyze);
      return lite.close();
    },
  };
}

async function openPostgres(url: string): Promise<Db> {
  pg.types.setTypeParser(INT8, toNumber);
  pg.types.setTypeParser(NUMERIC, toNumber);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, admin termination) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (err) => console.error(`postgres: idle connection lost: ${err.message}`));
  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) =>
    (await client.query(sql, params)).rows as T[];
  return {
    kind: "postgres",
    query: (sql, params) => run(pool, sql, params),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn({ query: (sql, params) => run(client, sql, params) });
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * A trigram index makes text search (`name ILIKE '%word%'`, and regex) fast in big drives. It needs the pg_trgm
 * extension, which a PostgreSQL role without CREATE on the database may not be allowed to add: then search
 * works as before, scanning the user's files, and the server says so once at start.
 */
async function ensureSearchIndex(db: Db): Promise<void> {
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
export async function openDb(opts: { dataDir: string; databaseUrl?: string }): Promise<Db> {
  const db = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  await migrate(db);
  await ensureSearchIndex(db);
  if (db.kind === "pglite") await db.query("ANALYZE");
  return db;
}
