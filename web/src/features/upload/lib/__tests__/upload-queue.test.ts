import { describe, expect, it, vi } from "vitest";
import { PartError } from "../retry-policy";
import { type QueueSettings, type UploadItem, UploadQueue } from "../upload-queue";
import type { CreateFileBody, PartRequest, UploadedPart, UploadTransport } from "../upload-transport";

/** An in-memory server: records what the queue sends and can fail chosen parts. */
class FakeTransport implements UploadTransport {
  stored = new Map<string, UploadedPart[]>();
  sentParts: PartRequest[] = [];
  created: CreateFileBody[] = [];
  deleted: string[] = [];
  folders: string[] = [];
  existing = new Set<string>();
  inFlight = 0;
  maxInFlight = 0;
  /** partNo -> statuses to answer before succeeding. */
  failures = new Map<number, number[]>();
  private nextId = 100;

  async userId() {
    return 1;
  }
  async listParts(uploadId: string) {
    return this.stored.get(uploadId) ?? [];
  }
  async sendPart(request: PartRequest, onProgress: (loaded: number) => void) {
    this.sentParts.push(request);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await new Promise((r) => setTimeout(r, 1));
    onProgress(request.body.size);
    this.inFlight--;
    const status = this.failures.get(request.partNo)?.shift();
    if (status !== undefined) throw new PartError("boom", status);
    const part: UploadedPart = {
      partNo: request.partNo,
      partId: this.nextId++,
      channelId: 5,
      size: request.body.size,
      encrypted: request.encrypted,
      salt: request.encrypted ? `salt${request.partNo}` : "",
    };
    this.stored.set(request.uploadId, [...(this.stored.get(request.uploadId) ?? []), part]);
    return part;
  }
  async createFile(body: CreateFileBody) {
    this.created.push(body);
  }
  async deleteUpload(uploadId: string) {
    this.deleted.push(uploadId);
    this.stored.delete(uploadId);
  }
  async mkdir(path: string) {
    this.folders.push(path);
  }
  async exists(folderPath: string, name: string) {
    return this.existing.has(`${folderPath}/${name}`.replace("//", "/"));
  }
}

function setup(settings: Partial<QueueSettings> = {}) {
  const transport = new FakeTransport();
  const done: UploadItem[] = [];
  const queue = new UploadQueue({
    transport,
    settings: () => ({ partSize: 4, concurrency: 2, encrypted: false, ...settings }),
    onFileDone: (item) => done.push(item),
    sleep: async () => {},
  });
  const settled = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        const { clash } = queue.store.getState();
        if (clash || !queue.hasActive()) {
          resolve();
          return true;
        }
        return false;
      };
      if (check()) return;
      const stop = queue.store.subscribe(() => check() && stop());
    });
  return { transport, queue, done, settled };
}

const file = (name: string, size: number) =>
  new File([new Uint8Array(size).map((_, i) => i % 251)], name, { lastModified: 42, type: "text/plain" });

describe("UploadQueue", () => {
  it("sends every part within the concurrency limit and registers the file with sorted parts", async () => {
    const { transport, queue, done, settled } = setup();
    queue.add([
      { file: file("a.txt", 10), folderPath: "/" },
      { file: file("b.txt", 9), folderPath: "/" },
    ]);
    await settled();
    expect(done.map((d) => d.name)).toEqual(["a.txt", "b.txt"]);
    expect(transport.maxInFlight).toBeLessThanOrEqual(2);
    expect(transport.sentParts.filter((p) => p.fileName === "a.txt").map((p) => p.partName)).toEqual([
      "a.txt.part.001",
      "a.txt.part.002",
      "a.txt.part.003",
    ]);
    const a = transport.created[0];
    expect(a).toMatchObject({ name: "a.txt", type: "file", path: "/", size: 10, mimeType: "text/plain", channelId: 5 });
    expect(a?.parts.map((p) => p.id)).toEqual([...(a?.parts.map((p) => p.id) ?? [])].sort((x, y) => x - y));
    expect(transport.deleted).toHaveLength(2);
    expect(queue.store.getState().items.every((i) => i.status === "done" && i.loaded === i.size)).toBe(true);
  });

  it("skips the parts the server already has", async () => {
    const { transport, queue, settled } = setup();
    queue.add([{ file: file("a.txt", 10), folderPath: "/" }]);
    await settled();
    const [first] = transport.created;
    // Pretend the first attempt died after part 2: put parts 1 and 2 back and upload again.
    const id = transport.deleted[0] ?? "";
    transport.stored.set(id, [
      { partNo: 1, partId: 1, channelId: 5, size: 4, encrypted: false, salt: "" },
      { partNo: 2, partId: 2, channelId: 5, size: 4, encrypted: false, salt: "" },
    ]);
    transport.sentParts = [];
    queue.add([{ file: file("a.txt", 10), folderPath: "/" }]);
    await settled();
    expect(first).toBeDefined();
    expect(transport.sentParts.map((p) => p.partNo)).toEqual([3]);
    expect(transport.created[1]?.parts.map((p) => p.id)).toEqual([1, 2, 100 + 3]);
  });

  it("retries a failed part and completes", async () => {
    const { transport, queue, settled } = setup();
    transport.failures.set(2, [500, 0]);
    queue.add([{ file: file("a.txt", 10), folderPath: "/" }]);
    await settled();
    expect(queue.store.getState().items[0]?.status).toBe("done");
    expect(transport.sentParts.filter((p) => p.partNo === 2)).toHaveLength(3);
  });

  it("marks a file failed with the reason after the retries, and Retry finishes it", async () => {
    const { transport, queue, settled } = setup();
    transport.failures.set(1, [503, 503, 503, 503]);
    queue.add([{ file: file("a.txt", 10), folderPath: "/" }]);
    await settled();
    const failed = queue.store.getState().items[0];
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toContain("503");
    expect(transport.created).toHaveLength(0);
    queue.retry(failed?.key ?? "");
    await settled();
    expect(queue.store.getState().items[0]?.status).toBe("done");
  });

  it("does not retry a client error", async () => {
    const { transport, queue, settled } = setup();
    transport.failures.set(1, [400]);
    queue.add([{ file: file("a.txt", 3), folderPath: "/" }]);
    await settled();
    expect(queue.store.getState().items[0]?.status).toBe("failed");
    expect(transport.sentParts).toHaveLength(1);
  });

  it("creates the folder tree before uploading into it", async () => {
    const { transport, queue, settled } = setup();
    queue.add([
      { file: file("x.txt", 1), folderPath: "/top/sub" },
      { file: file("y.txt", 1), folderPath: "/top" },
    ]);
    await settled();
    expect(transport.folders).toEqual(["/top", "/top/sub"]);
    expect(transport.created.map((c) => c.path)).toEqual(["/top/sub", "/top"]);
  });

  it("asks about a name clash and honours replace, keep both and skip", async () => {
    const { transport, queue, settled } = setup();
    transport.existing = new Set(["/a.txt", "/b.txt", "/b (1).txt", "/c.txt"]);
    queue.add([
      { file: file("a.txt", 1), folderPath: "/" },
      { file: file("b.txt", 1), folderPath: "/" },
      { file: file("c.txt", 1), folderPath: "/" },
    ]);
    await settled();
    expect(queue.store.getState().clash?.name).toBe("a.txt");
    queue.answerClash("replace", false);
    await settled();
    expect(queue.store.getState().clash?.name).toBe("b.txt");
    queue.answerClash("keep-both", false);
    await settled();
    queue.answerClash("skip", false);
    await settled();
    expect(transport.created.map((c) => [c.name, c.replace ?? false])).toEqual([
      ["a.txt", true],
      ["b (2).txt", false],
    ]);
    expect(queue.store.getState().items.map((i) => i.status)).toEqual(["done", "done", "skipped"]);
  });

  it("applies a clash answer to all when asked", async () => {
    const { transport, queue, settled } = setup();
    transport.existing = new Set(["/a.txt", "/b.txt"]);
    queue.add([
      { file: file("a.txt", 1), folderPath: "/" },
      { file: file("b.txt", 1), folderPath: "/" },
    ]);
    await settled();
    queue.answerClash("skip", true);
    await settled();
    expect(queue.store.getState().clash).toBeNull();
    expect(queue.store.getState().items.map((i) => i.status)).toEqual(["skipped", "skipped"]);
  });

  it("cancels one file without touching the others", async () => {
    const { transport, queue, settled } = setup({ concurrency: 1 });
    queue.add([
      { file: file("a.txt", 40), folderPath: "/" },
      { file: file("b.txt", 4), folderPath: "/" },
    ]);
    const first = queue.store.getState().items[0];
    queue.cancel(first?.key ?? "");
    await settled();
    expect(queue.store.getState().items.map((i) => i.status)).toEqual(["cancelled", "done"]);
    expect(transport.created.map((c) => c.name)).toEqual(["b.txt"]);
  });

  it("sends the encryption setting and keeps the salts", async () => {
    const { transport, queue, settled } = setup({ encrypted: true });
    queue.add([{ file: file("a.txt", 6), folderPath: "/" }]);
    await settled();
    expect(transport.sentParts.every((p) => p.encrypted)).toBe(true);
    expect(transport.created[0]).toMatchObject({ encrypted: true, parts: [{ salt: "salt1" }, { salt: "salt2" }] });
  });

  it("registers an empty file without sending parts", async () => {
    const { transport, queue, settled } = setup();
    queue.add([{ file: file("empty.txt", 0), folderPath: "/" }]);
    await settled();
    expect(transport.sentParts).toHaveLength(0);
    expect(transport.created[0]).toMatchObject({ name: "empty.txt", size: 0, parts: [] });
  });

  it("starts a new batch for the overall progress once the queue was idle", async () => {
    const { queue, settled } = setup();
    queue.add([{ file: file("a.txt", 1), folderPath: "/" }]);
    queue.add([{ file: file("b.txt", 1), folderPath: "/" }]);
    expect(queue.store.getState().batch).toHaveLength(2);
    await settled();
    queue.add([{ file: file("c.txt", 1), folderPath: "/" }]);
    const { batch, items } = queue.store.getState();
    expect(batch).toEqual([items[2]?.key]);
    await settled();
  });

  it("skips a second copy of a file that is already uploading", async () => {
    const { transport, queue, settled } = setup();
    const same = file("a.txt", 10);
    queue.add([
      { file: same, folderPath: "/" },
      { file: same, folderPath: "/" },
    ]);
    await settled();
    expect(queue.store.getState().items.map((i) => [i.status, i.error])).toEqual([
      ["done", undefined],
      ["skipped", "Already being uploaded"],
    ]);
    expect(transport.created).toHaveLength(1);
  });

  it("waits for the network to come back without using up the part's tries", async () => {
    const transport = new FakeTransport();
    let online: (() => void) | undefined;
    const queue = new UploadQueue({
      transport,
      settings: () => ({ partSize: 4, concurrency: 1, encrypted: false }),
      sleep: async () => {},
      untilOnline: () => new Promise<boolean>((resolve) => (online = () => resolve(true))),
    });
    // Offline for longer than the retries would last.
    transport.failures.set(1, [0, 0, 0, 0, 0]);
    queue.add([{ file: file("a.txt", 3), folderPath: "/" }]);
    for (let i = 0; i < 5; i++) {
      await vi.waitFor(() => expect(online).toBeDefined());
      const resume = online;
      online = undefined;
      resume?.();
    }
    await vi.waitFor(() => expect(queue.store.getState().items[0]?.status).toBe("done"));
    expect(transport.sentParts).toHaveLength(6);
  });
});
