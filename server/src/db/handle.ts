// What a database handle offers, apart from index.ts (which opens one) so the openers can name it without a circle.

/** Anything that runs a parameterised SQL statement: the database or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface DbHandle extends Queryable {
  /**
   * Runs `fn` in one transaction; rolls back when it throws. On PostgreSQL a deadlock runs `fn` again, so `fn`
   * does only database work, through the Queryable it is given.
   */
  tx<R>(fn: (q: Queryable) => Promise<R>): Promise<R>;
}

/** What the PGlite and PostgreSQL openers return; `openDb` adds the rest. */
export interface OpenedDb extends DbHandle {
  readonly kind: "pglite" | "postgres";
  /**
   * The same database for maintenance and background jobs: no statement time limit, and on PGlite it waits
   * while requests are queued (up to a couple of seconds), so requests go first.
   */
  readonly background: DbHandle;
  /**
   * Calls `wake` after each commit that sent `NOTIFY <channel>` (from any instance on PostgreSQL, in this process on
   * PGlite), and once more after a lost connection is back (notifications meanwhile are lost). Returns the stop.
   */
  listen(channel: string, wake: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface Db extends OpenedDb {
  /** This server process among the instances sharing the database (jobs record which instance runs them). */
  readonly instanceId: number;
}
