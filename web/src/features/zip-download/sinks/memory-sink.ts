import type { SinkChoice, ZipSink } from "./zip-sink";

/** The fallback keeps the archive in the browser's blob storage until it is whole; past this it refuses. */
export const MEMORY_LIMIT_BYTES = 1024 ** 3;
/** Chunks are gathered into blobs of about this size, so the page's own heap stays small. */
const BATCH_BYTES = 8 * 1024 ** 2;

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the URL once the click is handled; free the blob a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Where neither a service worker nor a file picker is available (a page served over plain http from another
 * machine, a Firefox private window): the archive is assembled as a Blob and saved when complete. Blobs live
 * outside the page's heap, but the whole archive is held until it is saved, hence the limit.
 */
export function memoryChoice(name: string): SinkChoice {
  return {
    kind: "memory",
    maxBytes: MEMORY_LIMIT_BYTES,
    async open(): Promise<ZipSink> {
      let saved: Blob = new Blob([]);
      let batch: Uint8Array<ArrayBuffer>[] = [];
      let batchBytes = 0;
      const flush = () => {
        saved = new Blob([saved, ...batch]);
        batch = [];
        batchBytes = 0;
      };
      const writable = new WritableStream<Uint8Array>({
        write(chunk) {
          batch.push(chunk as Uint8Array<ArrayBuffer>);
          batchBytes += chunk.byteLength;
          if (batchBytes >= BATCH_BYTES) flush();
        },
        close() {
          flush();
          save(new Blob([saved], { type: "application/zip" }), name);
        },
      });
      return { writable };
    },
  };
}
