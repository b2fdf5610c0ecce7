import { ApiError } from "../api/api-client";

/** The fallback the spec shows when an error did not come from the server. */
export const UNKNOWN_ERROR = "An unknown error occurred.";

/** Keeps the text after the last colon, trimmed: "operation X: decode: bad id" -> "bad id". */
export function reduceServerMessage(message: string): string {
  return message.slice(message.lastIndexOf(":") + 1).trim();
}

const SERVER_PROBLEM = "The server ran into a problem. Try again in a moment.";

/**
 * Server texts that are internals rather than news to the user (PostgreSQL's regex errors, gRPC status lines from
 * Teldrive's Telegram layer), each with the sentence to show instead.
 */
const KNOWN_MESSAGES: Array<[RegExp, string]> = [
  [
    /invalid regular expression|brackets \[\] not balanced|parentheses \(\) not balanced|braces \{\} not balanced|invalid repetition count|quantifier operand invalid|invalid escape|invalid character range/i,
    "The search pattern is not a valid regular expression.",
  ],
  [/code = (DeadlineExceeded|Canceled)\b/, "The server took too long to answer. Try again in a moment."],
  [/code = Unavailable\b/, "The server can't reach its storage right now. Try again in a moment."],
  [/code = \w+ desc =/, SERVER_PROBLEM],
  [/^internal server error$/i, SERVER_PROBLEM],
  [/took too long|statement timeout|canceling statement/i, "The search took too long. Narrow it down and try again."],
];

/**
 * The user-facing text of a server error, or undefined when `error` is not an API error (network failure, time-out,
 * bug) or carries no message. Known internals become sentences; anything else is reduced to the text after its last
 * colon (the spec's rule).
 */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  // Validation errors of Teldrive's generated server use `error_message` instead of `message`.
  const raw =
    body && typeof body === "object" && "error_message" in body && typeof body.error_message === "string"
      ? body.error_message
      : ApiError.messageOf(body);
  const known = raw === undefined ? undefined : KNOWN_MESSAGES.find(([pattern]) => pattern.test(raw))?.[1];
  if (known) return known;
  // Our server's SFTP host key refusal names fingerprints (SHA256:…), whose colons are not separators.
  if (raw?.startsWith("host key changed")) return raw;
  // 423: a WebDAV app holds a lock on the item; our server says which item and what to do, in one sentence.
  if (error.status === 423)
    return raw?.trim() || "This item is locked by an app connected over WebDAV. Try again when it has unlocked it.";
  if (error.status === 502 || error.status === 503 || error.status === 504)
    return "The server can't be reached right now. Try again in a moment.";
  const reduced = raw === undefined ? "" : reduceServerMessage(raw);
  return reduced || undefined;
}

/** Like serverErrorText, but always a sentence to show: the spec's fallback for anything else. */
export function errorText(error: unknown): string {
  return serverErrorText(error) ?? UNKNOWN_ERROR;
}

/** Failures of the connection rather than of the request: the browser never got an answer. */
export function connectionErrorText(error: unknown): string | undefined {
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "The server took too long to answer.";
  if (error instanceof TypeError) return "Can't reach the server. Check your connection.";
  return undefined;
}

/** Any failure as a sentence: the server's (made human), the connection's, or the spec's unknown error. */
export function describeError(error: unknown): string {
  return serverErrorText(error) ?? connectionErrorText(error) ?? UNKNOWN_ERROR;
}

/**
 * Whether asking again can help. A 4xx is the request's own fault and gets the same answer, except time-outs and
 * rate limits (408, 429), which a later try can pass.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status < 400 || error.status >= 500 || error.status === 408 || error.status === 429;
}
