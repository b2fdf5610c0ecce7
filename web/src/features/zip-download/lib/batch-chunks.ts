/**
 * Joins small chunks into ones of about `size` bytes. Each chunk crosses to the service worker as its own message,
 * and fetch hands over chunks of a few KB to 64 KB, so batching turns thousands of hops per second into dozens for
 * one copy of the bytes. At most one batch is held.
 */
export function batchChunks(size: number): TransformStream<Uint8Array, Uint8Array> {
  let batch = new Uint8Array(size);
  let filled = 0;
  return new TransformStream({
    transform(chunk, controller) {
      let at = 0;
      while (at < chunk.byteLength) {
        const take = Math.min(size - filled, chunk.byteLength - at);
        batch.set(chunk.subarray(at, at + take), filled);
        filled += take;
        at += take;
        if (filled === size) {
          controller.enqueue(batch);
          batch = new Uint8Array(size);
          filled = 0;
        }
      }
    },
    flush(controller) {
      if (filled > 0) controller.enqueue(batch.subarray(0, filled));
    },
  });
}
