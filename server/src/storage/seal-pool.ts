import os from "node:os";
import { Worker } from "node:worker_threads";

interface Pending {
  resolve: (value: Buffer) => void;
  reject: (err: Error) => void;
}

interface Member {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * Threads that seal and open Teldrive blocks (seal-worker.mjs), so encryption runs beside the event loop rather than
 * on it: a request that arrives during four encrypted uploads waits for nothing but the copies in and out. One
 * thread per core (at most four); each batch goes to the thread with the fewest in hand. Threads start on first use,
 * do not keep the process alive, and start again after a crash (failing only the batches they held).
 */
class SealPool {
  private readonly members: (Member | undefined)[];
  private nextId = 1;

  constructor(size: number) {
    this.members = Array.from({ length: size }, () => undefined);
  }

  private start(slot: number): Member {
    const worker = new Worker(new URL("./seal-worker.mjs", import.meta.url));
    worker.unref();
    const member: Member = { worker, pending: new Map() };
    worker.on("message", (msg: { id: number; result?: ArrayBuffer; length?: number; error?: string }) => {
      const p = member.pending.get(msg.id);
      if (!p) return;
      member.pending.delete(msg.id);
      if (msg.error !== undefined || !msg.result) p.reject(new Error(msg.error ?? "no result"));
      else p.resolve(Buffer.from(msg.result, 0, msg.length));
    });
    const fail = (err: Error) => {
      if (this.members[slot] !== member) return;
      this.members[slot] = undefined;
      for (const p of member.pending.values()) p.reject(err);
      member.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", () => fail(new Error("the sealing thread stopped")));
    this.members[slot] = member;
    return member;
  }

  /** How many threads there are. */
  get size(): number {
    return this.members.length;
  }

  private member(slot: number): Member {
    return this.members[slot] ?? this.start(slot);
  }

  /**
   * Hashing a stream (see seal-worker.mjs) on thread `slot`, which keeps its state: `hash` adds `data[0, length)`
   * (handed over), `hash-end` answers the block digests, `hash-drop` forgets the stream.
   */
  hash(
    slot: number,
    op: "hash" | "hash-end" | "hash-drop",
    stream: number,
    data?: ArrayBuffer,
    length = 0,
  ): Promise<Buffer> {
    return this.send(this.member(slot % this.members.length), { op, stream, data, length }, data ? [data] : []);
  }

  private send(member: Member, message: object, transfer: ArrayBuffer[]): Promise<Buffer> {
    const id = this.nextId++;
    const result = new Promise<Buffer>((resolve, reject) => member.pending.set(id, { resolve, reject }));
    member.worker.postMessage({ ...message, id }, transfer);
    return result;
  }

  private pick(): Member {
    let best: Member | undefined;
    for (let slot = 0; slot < this.members.length; slot++) {
      const member = this.member(slot);
      if (!best || member.pending.size < best.pending.size) best = member;
    }
    return best as Member; // the pool has at least one slot
  }

  /**
   * Seals (`seal`) or opens (`open`) the blocks in `data[0, length)`, the first with nonce + `block`. `data` is
   * handed over (transferred): the caller must not touch it again.
   */
  run(
    op: "seal" | "open",
    key: Uint8Array,
    nonce: Uint8Array,
    block: number,
    data: ArrayBuffer,
    length: number,
  ): Promise<Buffer> {
    return this.send(this.pick(), { op, key, nonce, block, data, length }, [data]);
  }
}

export const sealPool = new SealPool(Math.max(1, Math.min(4, os.availableParallelism())));
