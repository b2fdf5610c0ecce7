import type { FileItem } from "@/drive/files/file-item";
import { fileBytes, openFile, type ReadOptions, UnreadableFile } from "./file-bytes";
import type { ArchivePlan } from "./plan-archive";

/** What client-zip takes for one entry: a folder is a name alone, a file has its bytes. */
export type ZipInput = { name: string; lastModified?: Date; input?: AsyncIterable<Uint8Array> };

export interface InputEvents {
  /** Bytes of a file were handed to the zip. */
  onBytes(count: number): void;
  /** A file's bytes all went into the zip. */
  onFileDone(): void;
  /** A file could not be read before any of its bytes were zipped; it is left out. */
  onSkipped(path: string, reason: string): void;
}

const validDate = (date: Date) => (Number.isNaN(date.getTime()) ? new Date() : date);

async function* counted(
  source: AsyncIterable<Uint8Array>,
  path: string,
  events: InputEvents,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of source) {
      events.onBytes(chunk.byteLength);
      yield chunk;
    }
  } catch (error) {
    signal.throwIfAborted();
    throw new Error(`${path} broke off and could not be resumed (${error instanceof Error ? error.message : error})`);
  }
  events.onFileDone();
}

/**
 * The archive's entries in order, each file fetched only when the zip reaches it (so one file is open at a time and
 * memory stays flat). A file the server refuses before its first byte is skipped and reported; a file that breaks
 * off later is resumed by range, and if it still fails the whole zip stops (its first bytes are already out).
 */
export async function* zipInputs(
  plan: ArchivePlan,
  urlOf: (file: FileItem) => string,
  events: InputEvents,
  read: ReadOptions,
): AsyncGenerator<ZipInput> {
  for (const entry of plan.entries) {
    if (entry.kind === "folder") {
      yield { name: `${entry.path}/` };
      continue;
    }
    const url = urlOf(entry.file);
    let first: Response;
    try {
      first = await openFile(url, read);
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      events.onSkipped(entry.path, error.message);
      continue;
    }
    yield {
      name: entry.path,
      lastModified: validDate(entry.file.modDate),
      input: counted(fileBytes(url, first, read), entry.path, events, read.signal),
    };
  }
}
