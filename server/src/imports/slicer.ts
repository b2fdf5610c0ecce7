import { Readable } from "node:stream";

/** Cuts one byte stream into consecutive parts of exact lengths, counting the bytes as they pass. */
export class Slicer {
  private readonly it: AsyncIterator<Buffer>;
  private rest: Buffer | null = null;

  constructor(
    stream: Readable,
    private readonly onBytes: (n: number) => void,
  ) {
    this.it = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  /** The next `length` bytes; the stream ends early (and the store refuses the part) when the source has fewer. */
  take(length: number): Readable {
    const self = this;
    return Readable.from(
      (async function* () {
        let left = length;
        while (left > 0) {
          let chunk = self.rest;
          self.rest = null;
          if (!chunk) {
            const next = await self.it.next();
            if (next.done) return;
            chunk = next.value;
          }
          if (chunk.length > left) {
            self.rest = chunk.subarray(left);
            chunk = chunk.subarray(0, left);
          }
          left -= chunk.length;
          self.onBytes(chunk.length);
          yield chunk;
        }
      })(),
      { objectMode: false },
    );
  }

  async close(): Promise<void> {
    await this.it.return?.();
  }
}
