import { formatSize } from "@/lib/format-size";

/** What the public page knows of a request's limits. */
export interface RequestLimits {
  maxFileSize?: number;
  remaining?: number;
}

/** Why a file cannot be sent, known before sending it (the server checks the same again), or undefined. */
export function refusalBeforeSending(
  file: { size: number },
  limits: RequestLimits,
  queued: number,
): string | undefined {
  if (limits.maxFileSize !== undefined && file.size > limits.maxFileSize)
    return `Too big: this request takes files up to ${formatSize(limits.maxFileSize)}.`;
  if (limits.remaining !== undefined && queued >= limits.remaining) return "This request takes no more files.";
  return undefined;
}

/**
 * The sentence an uploader sees for a failed call of the public file-request API (status 0: no answer at all).
 * By status, not by the server's wording, so each case reads the same whatever the server says.
 */
export function uploadErrorText(status: number, limits: RequestLimits = {}): string {
  switch (status) {
    case 0:
      return "Could not reach the server. Check your connection and try again.";
    case 400:
      return "This file name is not allowed. Rename the file and try again.";
    case 401:
      return "Wrong password.";
    case 404:
      return "This link does not work any more: the request was closed or never existed.";
    case 409:
      return "This request takes no more files.";
    case 410:
      return "This request has expired.";
    case 411:
    case 413:
      return limits.maxFileSize === undefined
        ? "Too big for this request."
        : `Too big: this request takes files up to ${formatSize(limits.maxFileSize)}.`;
    case 429:
      return "Too many attempts. Wait a minute and try again.";
    case 507:
      return "The drive is full. Tell the person who sent you the link.";
    default:
      return "Something went wrong on the server. Try again in a moment.";
  }
}
