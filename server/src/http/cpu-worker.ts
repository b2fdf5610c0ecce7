import { Worker } from "node:worker_threads";
import { HttpError } from "./errors.js";

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/**
 * One worker thread for CPU-heavy checks (bcrypt, scrypt) that would otherwise run on the main thread, where every
 * request waits for them, or on libuv's four threads, where every file read waits for them. It runs one task at a
 * time, holds at most `maxPending` more (past that 503), starts on first use, does not keep the process alive, and
 * starts again after a crash. `script` answers `{id, result}` or `{id, error}` to each `{id, ...task}`.
 */
export class CpuWorker<Task extends object, Result> {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly script: URL,
    private readonly maxPending: number,
  ) {}

  private start(): Worker {
    const worker = new Worker(this.script);
    worker.unref();
    worker.on("message", (msg: { id: number; result?: unknown; error?: string }) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error !== undefined) p.reject(new Error(msg.error));
      else p.resolve(msg.result);
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", () => fail(new Error("the worker stopped")));
    this.worker = worker;
    return worker;
  }

  /** Tasks sent and not answered yet. */
  get busy(): number {
    return this.pending.size;
  }

  run(task: Task): Promise<Result> {
    if (this.pending.size >= this.maxPending) {
      return Promise.reject(new HttpError(503, "the server is busy checking; try again in a moment"));
    }
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const result = new Promise<Result>((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }),
    );
    worker.postMessage({ ...task, id });
    return result;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
