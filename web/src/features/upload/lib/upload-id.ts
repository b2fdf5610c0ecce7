import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export interface UploadIdInput {
  /** Destination folder path, e.g. "/Docs". */
  path: string;
  name: string;
  size: number;
  lastModified: number;
  userId: number | string;
}

/**
 * The same file going to the same place gets the same id, so after a reload or a dropped connection the
 * server can tell which parts it already has.
 */
export function uploadId({ path, name, size, lastModified, userId }: UploadIdInput): string {
  return bytesToHex(sha256(utf8ToBytes(`${path}/${name}:${size}:${lastModified}:${userId}`)));
}
