import type { Readable } from "node:stream";
import type { SourceEntry } from "../filters.js";

/** Where an import reads from: local folder, WebDAV, SFTP or one URL. */
export interface Source {
  /** Every file below the source's root (an HTTP source: its one file). */
  list(): Promise<SourceEntry[]>;
  /**
   * The file's bytes from `start`. A source that cannot seek there answers from 0 and says so (`start: 0`), and the
   * import then stores the file from its beginning again.
   */
  open(entry: SourceEntry, start: number, signal: AbortSignal): Promise<{ stream: Readable; start: number }>;
  close(): Promise<void>;
}

/** A failure that retrying will not mend (wrong password, refused address): the run ends at once. */
export class PermanentError extends Error {}
