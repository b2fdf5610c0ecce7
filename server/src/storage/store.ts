import type { Readable } from "node:stream";

/** Where one part lives: a channel (Teldrive's Telegram channel) and the part's id in it. */
export interface PartRef {
  channelId: number;
  partId: number;
}

/**
 * Raw bytes of parts, as stored (ciphertext for encrypted parts). Encryption, length checks and
 * reads across parts sit above this in `Blobs`, so every store behaves the same.
 *
 * Implementations keep no state of their own in process memory: everything is in the store itself,
 * so any number of server instances can share one.
 */
export interface PartStore {
  /** "disk" or "s3", for logs and tests. */
  readonly kind: string;
  /** Fails when the store cannot be reached or the bucket is missing (called once at start). */
  check(): Promise<void>;
  /**
   * Stores exactly `length` bytes from `body` under `ref`, replacing what was there. Readers see
   * either nothing or the whole part, never a part of it; when `body` fails, nothing is stored.
   */
  put(ref: PartRef, body: Readable, length: number): Promise<void>;
  /** Stored size in bytes. */
  size(ref: PartRef): Promise<number>;
  /** Stored bytes [start, end] (inclusive), fetching only those. */
  read(ref: PartRef, start: number, end: number): Promise<Readable>;
  /** Copies one part inside the store (server-side where the store can). */
  copy(from: PartRef, to: PartRef): Promise<void>;
  /** Removes parts; parts that are already gone are no error, so a retried delete is harmless. */
  delete(refs: PartRef[]): Promise<void>;
  /** Every stored part with its size (tests and consistency checks; not on any request path). */
  list(): AsyncIterable<PartRef & { size: number }>;
  /** Marks a channel as existing even before it holds a part (a folder on disk, a marker object in S3). */
  ensureChannel(channelId: number): Promise<void>;
  /** Whether the channel was made by `ensureChannel` or holds any part. */
  channelExists(channelId: number): Promise<boolean>;
  /** Removes a channel with everything in it. */
  deleteChannel(channelId: number): Promise<void>;
  /** Lets go of connections (the store stays usable by other instances of it). */
  close(): void;
}

/**
 * Large reads, and the buffer of each stream a part passes through: a file server's block size rather than the
 * 16–64 KiB stream defaults, so a stage pauses its source once a megabyte rather than at every socket chunk.
 */
export const READ_CHUNK = 1024 * 1024;

/** The store found no such part. */
export class PartMissingError extends Error {
  constructor(ref: PartRef) {
    super(`part ${ref.partId} of channel ${ref.channelId} is missing from the store`);
    this.name = "PartMissingError";
  }
}

/** Decimal ids only: a ref never becomes a path or key outside its channel. */
export function refSegments(ref: PartRef): [string, string] {
  return [idSegment(ref.channelId), idSegment(ref.partId)];
}

export function idSegment(id: number): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new Error(`invalid storage id ${id}`);
  return String(id);
}
