import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { timeoutError } from "./errors.js";
import type { DbHandle, OpenedDb, Queryable } from "./handle.js";
import type { FromWorker, ToWorker, WireError, WorkerInit } from "./pglite-protocol.js";
import { seedFromTemplate } from "./pglite-template.js";
import { type Lane, Turns } from "./turns.js";

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (err: Error) => void;
}

const fromWire = (e: WireError) => Object.assign(new Error(e.message), e);

/**
 * PGlite in a worker thread (db/pglite-worker.ts). PGlite has one connection and runs a statement to its end
 * without yielding, so:
 * - statements take turns (db/turns.ts): requests first come, first served, background work when requests wait
 *   for nothing; a transaction keeps the turn until it ends;
 * - nothing can interrupt a running statement from outside (PGlite's statement_timeout never fires: its timer
 *   is a JavaScript timer that cannot run while the statement runs), so the time limit ends the worker thread
 *   and opens the database again in a new one. The statement fails as PostgreSQL's statement_timeout would
 *   (57014), a transaction around it is rolled back (the reopened database recovers as after a crash), and the
 *   statements waiting behind it run on the new worker.
 */
class PgliteWorkerDb {
  private worker!: Worker;
  private ready!: Promise<void>;
  /** Bumped at each restart: a transaction begun on an older worker is gone. */
  private generation = 0;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly turns = new Turns();
  private closing = false;
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(
    private readonly dataDir: string,
    private readonly timeoutMs: number,
  ) {
    this.spawn();
  }

  opened(): Promise<void> {
    return this.ready;
  }

  private spawn(): void {
    const init: WorkerInit = { dataDir: this.dataDir };
    const worker = new Worker(new URL("./pglite-worker-boot.mjs", import.meta.url), { workerData: init });
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.on("message", (msg: FromWorker) => {
        if (msg.type === "ready") {
          resolve();
          // A new worker (after a restart) listens again; what was sent meanwhile is read by the wake.
          for (const [channel, fns] of this.listeners) {
            worker.postMessage({ type: "listen", channel } satisfies ToWorker);
            for (const fn of fns) fn();
          }
        } else if (msg.type === "notify") for (const fn of this.listeners.get(msg.channel) ?? []) fn();
        else if (msg.type === "fatal") reject(fromWire(msg.error));
        else this.settle(msg);
      });
      worker.on("error", (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        reject(error);
        this.failAll(error);
      });
      worker.on("exit", () => {
        if (this.worker !== worker || this.closing) return;
        // The worker died on its own (out of memory, a WebAssembly abort): start again.
        this.failAll(new Error("the database worker stopped"));
        this.generation++;
        this.spawn();
      });
    });
    this.ready.catch(() => {});
  }

  private settle(msg: Extract<FromWorker, { id: number }>) {
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.type === "result") p.resolve(msg.rows);
    else p.reject(fromWire(msg.error));
  }

  private failAll(err: Error) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  /** Ends a statement that ran past the limit: the worker goes, a new one opens the same data. */
  private restart() {
    const old = this.worker;
    this.generation++;
    this.failAll(timeoutError());
    this.spawn();
    void old.terminate();
  }

  /** Sends one statement, ended after `limitMs` (0: no limit); the caller holds the turn. */
  private async send<T>(sql: string, params: unknown[] | undefined, limitMs: number, generation: number): Promise<T[]> {
    await this.ready;
    if (generation !== this.generation) throw new Error("transaction aborted: the database was restarted");
    const id = this.nextId++;
    const rows = new Promise<unknown[]>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    const msg: ToWorker = { type: "query", id, sql, params };
    this.worker.postMessage(msg);
    const timer = limitMs > 0 ? setTimeout(() => this.pending.has(id) && this.restart(), limitMs) : undefined;
    try {
      return (await rows) as T[];
    } finally {
      clearTimeout(timer);
    }
  }

  async query<T>(sql: string, params: unknown[] | undefined, lane: Lane): Promise<T[]> {
    await this.turns.acquire(lane);
    try {
      return await this.send<T>(sql, params, lane === "request" ? this.timeoutMs : 0, this.generation);
    } finally {
      this.turns.release();
    }
  }

  async tx<R>(fn: (q: Queryable) => Promise<R>, lane: Lane): Promise<R> {
    await this.turns.acquire(lane);
    try {
      await this.ready;
      const generation = this.generation;
      // Transactions run without the time limit (see postgres.ts): only single statements are stopped.
      const q: Queryable = { query: (sql, params) => this.send(sql, params, 0, generation) };
      // Not awaited: the worker runs messages in order, so the first statement follows BEGIN without a round trip.
      const begun = this.send("BEGIN", undefined, 0, generation);
      begun.catch(() => {});
      try {
        const result = await fn(q);
        await begun;
        await this.send("COMMIT", undefined, 0, generation);
        return result;
      } catch (err) {
        if (generation === this.generation) await this.send("ROLLBACK", undefined, 0, generation).catch(() => {});
        throw err;
      }
    } finally {
      this.turns.release();
    }
  }

  async listen(channel: string, wake: () => void): Promise<() => Promise<void>> {
    await this.ready;
    let fns = this.listeners.get(channel);
    if (!fns) {
      fns = new Set();
      this.listeners.set(channel, fns);
      this.worker.postMessage({ type: "listen", channel } satisfies ToWorker);
    }
    fns.add(wake);
    return async () => {
      fns.delete(wake);
    };
  }

  async close(): Promise<void> {
    await this.turns.acquire("request");
    this.closing = true;
    try {
      await this.ready;
      const id = this.nextId++;
      const done = new Promise<unknown[]>((resolve, reject) => this.pending.set(id, { resolve, reject }));
      const msg: ToWorker = { type: "close", id };
      this.worker.postMessage(msg);
      await done;
    } catch {
      // Closing a database that never opened: nothing to flush.
    } finally {
      await this.worker.terminate();
      this.turns.release();
    }
  }

  waiting() {
    return this.turns.waiting();
  }
}

export async function openPglite(dataDir: string, statementTimeoutMs: number): Promise<OpenedDb> {
  const dir = path.join(dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  await seedFromTemplate(dir, (d) => PGlite.create(d));
  const lite = new PgliteWorkerDb(dir, statementTimeoutMs);
  await lite.opened();
  const handle = (lane: Lane): DbHandle => ({
    query: (sql, params) => lite.query(sql, params, lane),
    tx: (fn) => lite.tx(fn, lane),
  });
  return {
    kind: "pglite",
    ...handle("request"),
    background: handle("background"),
    listen: (channel, wake) => lite.listen(channel, wake),
    close: () => lite.close(),
  };
}
