import { ApiError } from "./api-client";

/** The fallback the spec shows when an error did not come from the server. */
export const UNKNOWN_ERROR = "An unknown error occurred.";

/** Keeps the text after the last colon, trimmed: "operation X: decode: bad id" -> "bad id". */
export function reduceServerMessage(message: string): string {
  return message.slice(message.lastIndexOf(":") + 1).trim();
}

/**
 * The user-facing text of a server error, or undefined when `error` is not an API error
 * (network failure, time-out, bug) or carries no message.
 */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  // Validation errors of Teldrive's generated server use `error_message` instead of `message`.
  const raw =
    body && typeof body === "object" && "error_message" in body && typeof body.error_message === "string"
      ? body.error_message
      : ApiError.messageOf(body);
  const reduced = raw === undefined ? "" : reduceServerMessage(raw);
  return reduced || undefined;
}

/** Like serverErrorText, but always a sentence to show: the spec's fallback for anything else. */
export function errorText(error: unknown): string {
  return serverErrorText(error) ?? UNKNOWN_ERROR;
}
