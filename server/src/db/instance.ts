import pg from "pg";
import type { DbHandle } from "./handle.js";

/** First key of the advisory lock each running instance holds on its own id (the second key). */
const PRESENCE_LOCK = 7020;
const RECONNECT_MS = 2_000;

/** A new id for this server process, unique among the instances sharing the database. */
export async function nextInstanceId(db: DbHandle): Promise<number> {
  const [row] = await db.query<{ id: number }>("SELECT nextval('server_instance_ids')::integer AS id");
  if (!row) throw new Error("server_instance_ids returned nothing");
  return row.id;
}

/**
 * The ids of the instances running now: each holds a session advisory lock on its id for as long as it runs, on a
 * connection of its own. PostgreSQL drops the lock the moment that connection ends, so a killed instance leaves
 * this list at once (the jobs it held are taken over without waiting for their lease to end).
 */
export const LIVE_INSTANCES = `SELECT l.objid::bigint FROM pg_locks l JOIN pg_database d ON d.oid = l.database
  WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${PRESENCE_LOCK} AND l.objsubid = 2
    AND d.datname = current_database()`;

/**
 * Holds this instance's presence lock on PostgreSQL until `close`. A lost connection is opened again and the lock
 * taken again; meanwhile other instances may take over this one's jobs, which are written to run twice safely.
 */
export async function holdPresence(url: string, instanceId: number): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: `drive instance ${instanceId}` });
    c.on("error", (err) => {
      // Errors while connecting reject connect() below; this is for a connection that was up.
      if (closed || client !== c) return;
      console.error(`instance ${instanceId}: presence connection lost (${err.message}); reconnecting`);
      client = undefined;
      c.end().catch(() => {});
      retry = setTimeout(reconnect, RECONNECT_MS);
      retry.unref();
    });
    await c.connect();
    await c.query("SELECT pg_advisory_lock($1, $2)", [PRESENCE_LOCK, instanceId]);
    client = c;
  };
  const reconnect = () => {
    if (closed) return;
    connect().catch((err: Error & { code?: string }) => {
      // The database itself is gone (dropped): nothing to be present in.
      if (err.code === "3D000") return;
      console.error(`instance ${instanceId}: presence connection failed (${err.message}); retrying`);
      retry = setTimeout(reconnect, RECONNECT_MS);
      retry.unref();
    });
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
