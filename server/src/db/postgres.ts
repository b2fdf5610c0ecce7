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

const RELISTEN_MS = 2_000;

/** A connection of its own that LISTENs on `channel`; a lost one is opened again (and `wake` called once). */
async function listenOn(url: string, channel: string, wake: () => void): Promise<() => Promise<void>> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: `drive listen ${channel}` });
    c.on("notification", (n) => {
      if (n.channel === channel) wake();
    });
    c.on("error", (err) => {
      if (closed || client !== c) return;
      console.error(`postgres: listen connection lost (${err.message}); reconnecting`);
      client = undefined;
      c.end().catch(() => {});
      again();
    });
    await c.connect();
    await c.query(`LISTEN ${pg.Client.prototype.escapeIdentifier(channel)}`);
    client = c;
  };
  const again = () => {
    retry = setTimeout(() => {
      if (closed) return;
      connect().then(wake, (err: Error & { code?: string }) => {
        if (err.code !== "3D000") again();
      });
    }, RELISTEN_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
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
    listen: (channel, wake) => listenOn(url, channel, wake),
    close: async () => {
      await Promise.all([requests.end(), background.end()]);
    },
  };
}
