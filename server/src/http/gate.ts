/** Runs at most `limit` tasks at once, first come first served; the rest wait their turn. */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  get queued() {
    return this.waiting.length;
  }

  get idle() {
    return this.running === 0 && this.waiting.length === 0;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task; `running` only drops when nobody waits.
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * Runs at most `limit` tasks at once, like Gate, but a free slot goes to the waiting owner with the fewest tasks
 * running, and of those to the one whose last task started longest ago: an owner with a hundred tasks queued
 * delays another owner's next task by at most the ones already running, however many they queued before it.
 */
export class FairGate {
  private running = 0;
  private starts = 0;
  /** Per owner with a task running or waiting: how many run, and the number of its latest start. */
  private readonly owners = new Map<string, { running: number; lastStart: number }>();
  private readonly waiting = new Map<string, (() => void)[]>();
  private count = 0;
  constructor(private readonly limit: number) {}

  get queued() {
    return this.count;
  }

  queuedOf(owner: string) {
    return this.waiting.get(owner)?.length ?? 0;
  }

  get idle() {
    return this.running === 0 && this.count === 0;
  }

  async run<T>(owner: string, fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      await new Promise<void>((resolve) => {
        const own = this.waiting.get(owner);
        if (own) own.push(resolve);
        else this.waiting.set(owner, [resolve]);
        this.count++;
      });
    } else {
      this.running++;
      this.started(owner);
    }
    try {
      return await fn();
    } finally {
      const state = this.owners.get(owner);
      if (state) state.running--;
      if (state?.running === 0 && !this.waiting.has(owner)) this.owners.delete(owner);
      this.passOn();
    }
  }

  /** Hands the slot on (see the class); `running` drops only when nobody waits. */
  private passOn() {
    let chosen: string | undefined;
    let best = { running: Number.POSITIVE_INFINITY, lastStart: Number.POSITIVE_INFINITY };
    for (const owner of this.waiting.keys()) {
      const state = this.owners.get(owner) ?? { running: 0, lastStart: -1 };
      if (state.running < best.running || (state.running === best.running && state.lastStart < best.lastStart)) {
        chosen = owner;
        best = state;
      }
    }
    const tasks = chosen === undefined ? undefined : this.waiting.get(chosen);
    if (chosen === undefined || !tasks) {
      this.running--;
      return;
    }
    const next = tasks.shift();
    if (tasks.length === 0) this.waiting.delete(chosen);
    this.count--;
    this.started(chosen);
    next?.();
  }

  private started(owner: string) {
    const state = this.owners.get(owner);
    if (state) {
      state.running++;
      state.lastStart = this.starts++;
    } else this.owners.set(owner, { running: 1, lastStart: this.starts++ });
  }
}
