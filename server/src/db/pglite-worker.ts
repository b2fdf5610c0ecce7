import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { FromWorker, ToWorker, WireError, WorkerInit } from "./pglite-protocol.js";

/**
 * The embedded database in its own thread: PGlite runs each statement synchronously inside WebAssembly, so
 * here it blocks only this thread, never the HTTP server's. The server thread sends one statement at a time.
 */

const NUMERIC = 1700;
const toNumber = (v: string) => Number(v);

function wireError(err: unknown): WireError {
  const e = err as { message?: unknown; code?: unknown; detail?: unknown; constraint?: unknown };
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  return {
    message: text(e?.message) ?? String(err),
    code: text(e?.code),
    detail: text(e?.detail),
    constraint: text(e?.constraint),
  };
}

const port = parentPort;
if (!port) throw new Error("pglite-worker must run in a worker thread");
const post = (msg: FromWorker) => port.postMessage(msg);
const { dataDir } = workerData as WorkerInit;

try {
  const db = await PGlite.create(dataDir, {
    // int8 (bigint, count(*), sum()) and numeric as JS numbers: sizes stay far below 2^53.
    parsers: { [types.INT8]: toNumber, [NUMERIC]: toNumber },
    extensions: { pg_trgm },
  });
  const handle = async (msg: ToWorker) => {
    if (msg.type === "listen") {
      const { channel } = msg;
      await db.listen(channel, () => post({ type: "notify", channel })).catch(() => {});
      return;
    }
    if (msg.type === "close") {
      await db.close().catch(() => {});
      post({ type: "result", id: msg.id, rows: [] });
      return;
    }
    try {
      const result = await db.query(msg.sql, msg.params);
      post({ type: "result", id: msg.id, rows: result.rows });
    } catch (err) {
      post({ type: "error", id: msg.id, error: wireError(err) });
    }
  };
  // Strictly in arrival order: the server thread may send a statement before the previous one has answered.
  let previous = Promise.resolve();
  port.on("message", (msg: ToWorker) => {
    previous = previous.then(() => handle(msg));
  });
  post({ type: "ready" });
} catch (err) {
  post({ type: "fatal", error: wireError(err) });
}
