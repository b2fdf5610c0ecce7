/** Where the archive's bytes go: a download the browser saves, or a file the user picked. */
export interface ZipSink {
  writable: WritableStream<Uint8Array>;
  /** Called once the zip has ended, whichever way. */
  close?(): void;
}

/** A way to save, chosen before the tree is walked (a file picker needs the click that started the download). */
export interface SinkChoice {
  kind: "service-worker" | "file-picker" | "memory";
  /** Bytes this way can take; the memory fallback keeps the archive in the browser until it is saved. */
  maxBytes: number;
  open(): Promise<ZipSink>;
}

/** A saving problem of our own making, said as it is (other destination errors are the browser's cancel). */
export class SinkError extends Error {}
