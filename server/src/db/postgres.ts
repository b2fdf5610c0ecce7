import pg from "pg";
import { retrying } from "./errors.js";
import type { DbHandle, OpenedDb } from "./handle.js";

// int8 (bigint, count(*), sum()) and numeric as JS numbers: sizes stay far below 2^53.
const INT8 = 20;
const NUMERIC = 1700;
const toNumber = (v: string) => Number(v);

/** Requests share one pool whose connections carry the statement time limit; background work has its own. */
const REQUEST_CONNECTIONS = 10;
const BACKGROUND_CONNECTIONS = 2;

function handle(pool: pg.Pool, limited: boolean): DbHandle {
  const run = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) =>
    (await client.query(sql, params)).rows as T[];
  return {
    // A single statement is its own transaction: after a deadlock it can simply run again.
    query: (sql, params) => retrying(() => run(pool, sql, params)),
    tx: (fn) =>
      // The whole transaction runs again after a deadlock or serialization failure, so `fn` must do only
      // database work through the Queryable it is given.
      retrying(async () => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          // The time limit is for single statements (listings, searches); a write transaction is bounded by
          // design, and stopping one half-way only makes the client retry the same work.
          if (limited) await client.query("SET LOCAL statement_timeout = 0");
          const result = await fn({ query: (sql, params) => run(client, sql, params) });
          await client.query("COMMIT");
          return result;
        } catch (err) {
          await client.query("ROLLBACK").catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      }),
  };
}

export async function openPostgres(url: string, statementTimeoutMs: number): Promise<OpenedDb> {
  pg.types.setTypeParser(INT8, toNumber);
  pg.types.setTypeParser(NUMERIC, toNumber);
  const requests = new pg.Pool({
    connectionString: url,
    max: REQUEST_CONNECTIONS,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  const background = new pg.Pool({ connectionString: url, max: BACKGROUND_CONNECTIONS });
  // An idle connection dropped by the server (restart, admin termination) must not crash the process;
  // the pool replaces it on the next query.
  for (const pool of [requests, background])
    pool.on("error", (err) => console.error(`postgres: idle connection lost: ${err.message}`));
  return {
    kind: "postgres",
    ...handle(requests, statementTimeoutMs > 0),
    background: handle(background, false),
    close: async () => {
      await Promise.all([requests.end(), background.end()]);
    },
  };
}
