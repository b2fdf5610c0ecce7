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
