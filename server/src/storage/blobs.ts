import type { Readable } from "node:stream";
import type { Config } from "../config.js";

/** One stored part of a file, as kept in `files.parts`. */
export interface StoredPart {
  id: number;
  salt?: string;
}

/**
 * File parts on local disk: `DATA_DIR/channels/<channelId>/<partId>`.
 * CONTRACT (implemented by the storage module; other modules only call these):
 */
export class Blobs {
  constructor(readonly config: Config) {}

  /** Streams a part body to disk (temp name, renamed when whole). 400 when the body is shorter or longer than `length`. */
  writePart(_opts: {
    channelId: number;
    partId: number;
    body: Readable;
    length: number;
    encrypted: boolean;
  }): Promise<{ size: number; salt: string }> {
    throw new Error("not implemented");
  }

  /** Plaintext bytes of a whole file, or of the inclusive range [start, end]. */
  createReadStream(
    _file: { channelId: number; parts: StoredPart[]; size: number; encrypted: boolean },
    _range?: { start: number; end: number },
  ): Readable {
    throw new Error("not implemented");
  }

  /** Copies parts into `toChannelId` under the new ids given (same order); salts are kept. */
  copyParts(
    _from: { channelId: number; parts: StoredPart[] },
    _to: { channelId: number; partIds: number[] },
  ): Promise<StoredPart[]> {
    throw new Error("not implemented");
  }

  /** Removes parts from disk; missing ones are ignored. */
  deleteParts(_channelId: number, _parts: StoredPart[]): Promise<void> {
    throw new Error("not implemented");
  }
}
