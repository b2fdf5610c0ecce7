/** Messages between the server thread and the PGlite worker thread (db/pglite.ts ⇄ db/pglite-worker.ts). */

export type ToWorker =
  | { type: "query"; id: number; sql: string; params?: unknown[] }
  | { type: "close"; id: number }
  | { type: "listen"; channel: string };

/** The fields of a database error worth keeping across the thread boundary. */
export interface WireError {
  message: string;
  code?: string;
  detail?: string;
  constraint?: string;
}

export type FromWorker =
  | { type: "ready" }
  | { type: "notify"; channel: string }
  | { type: "fatal"; error: WireError }
  | { type: "result"; id: number; rows: unknown[] }
  | { type: "error"; id: number; error: WireError };

export interface WorkerInit {
  dataDir: string;
}
