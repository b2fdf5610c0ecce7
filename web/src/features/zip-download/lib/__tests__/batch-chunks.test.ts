import { describe, expect, it } from "vitest";
import { batchChunks } from "../batch-chunks";

async function run(chunks: number[][], size: number): Promise<number[][]> {
  const out: number[][] = [];
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(Uint8Array.from(c));
      controller.close();
    },
  });
  await source.pipeThrough(batchChunks(size)).pipeTo(
    new WritableStream({
      write(chunk) {
        out.push([...chunk]);
      },
    }),
  );
  return out;
}

describe("batchChunks", () => {
  it("joins small chunks and splits big ones into batches of the size, the rest at the end", async () => {
    expect(await run([[1, 2], [3], [4, 5, 6, 7, 8, 9, 10], [], [11]], 4)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10, 11],
    ]);
  });
  it("passes nothing on for nothing", async () => {
    expect(await run([], 4)).toEqual([]);
  });
});
