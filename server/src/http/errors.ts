import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";

/** An error that becomes `{code, message}` with `status` as the HTTP status (plus `details`' fields, if any). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "unauthorized") => new HttpError(401, message);
export const forbidden = (message = "forbidden") => new HttpError(403, message);
export const notFound = (message = "not found") => new HttpError(404, message);
export const conflict = (message: string, details?: Record<string, unknown>) => new HttpError(409, message, details);

/** PostgreSQL error codes we turn into client errors. */
const PG_UNIQUE_VIOLATION = "23505";
const PG_INVALID_REGEX = "2201B";
const PG_INVALID_TEXT = "22P02";
const PG_QUERY_CANCELED = "57014";
const PG_DEADLOCK = "40P01";
const PG_SERIALIZATION_FAILURE = "40001";
const PG_BAD_ENCODING = "22021";
/** Filesystem errors that mean "no room": the disk, or the user's quota, is full. */
const DISK_FULL = new Set(["ENOSPC", "EDQUOT"]);

function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

/** What a file response had announced before its body stream failed; an error answer must not inherit it. */
const CONTENT_HEADERS = [
  "content-type",
  "content-length",
  "content-range",
  "content-disposition",
  "content-security-policy",
  "etag",
  "last-modified",
  "accept-ranges",
];

export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (reply.raw.headersSent) {
    // Part of the body is out: the only honest end is to cut the connection, so the client sees a short read.
    req.log.error(err);
    reply.raw.destroy();
    return;
  }
  // A stream that failed before its first byte has already copied its headers onto the raw response.
  if (reply.raw.getHeaderNames().length > 0)
    for (const name of CONTENT_HEADERS) {
      reply.removeHeader(name);
      reply.raw.removeHeader(name);
    }
  let status = 500;
  let message = "Internal Server Error";
  let details: Record<string, unknown> | undefined;
  if (err instanceof HttpError) {
    status = err.status;
    message = err.message;
    details = err.details;
  } else if (err instanceof ZodError) {
    status = 400;
    message = err.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
  } else if (pgCode(err) === PG_UNIQUE_VIOLATION) {
    status = 409;
    message = "a file or folder with this name already exists";
  } else if (pgCode(err) === PG_INVALID_REGEX) {
    status = 400;
    message = `invalid regular expression: ${err.message}`;
  } else if (pgCode(err) === PG_INVALID_TEXT) {
    status = 400;
    message = `invalid input: ${err.message}`;
  } else if (pgCode(err) === PG_QUERY_CANCELED) {
    // The per-statement time limit (db/index.ts) stopped it.
    status = 503;
    message = "the server took too long to answer this request; try again";
  } else if (pgCode(err) === PG_DEADLOCK || pgCode(err) === PG_SERIALIZATION_FAILURE) {
    // Still colliding with concurrent changes after the database layer's retries.
    status = 503;
    message = "the server is busy with conflicting changes; try again";
    reply.header("Retry-After", "1");
  } else if (pgCode(err) === PG_BAD_ENCODING) {
    status = 400;
    message = "invalid input: text must not contain NUL characters";
  } else if (DISK_FULL.has(pgCode(err) ?? "")) {
    status = 507;
    message = "the server's disk is full: nothing was stored; free some space on the server and try again";
  } else if ("statusCode" in err && typeof err.statusCode === "number" && err.statusCode < 500) {
    // Fastify's own errors: malformed JSON, body too large, unsupported media type.
    status = err.statusCode;
    message = err.message;
  }
  if (status >= 500) req.log.error(err);
  reply.status(status).send({ ...details, code: status, message });
}
