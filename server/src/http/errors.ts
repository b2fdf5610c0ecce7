import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";

/** An error that becomes `{code, message}` with `status` as the HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "unauthorized") => new HttpError(401, message);
export const forbidden = (message = "forbidden") => new HttpError(403, message);
export const notFound = (message = "not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** PostgreSQL error codes we turn into client errors. */
const PG_UNIQUE_VIOLATION = "23505";
const PG_INVALID_REGEX = "2201B";
const PG_INVALID_TEXT = "22P02";
const PG_QUERY_CANCELED = "57014";
const PG_DEADLOCK = "40P01";
const PG_SERIALIZATION_FAILURE = "40001";

function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === "string" ? code : undefined;
}

export function errorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let message = "Internal Server Error";
  if (err instanceof HttpError) {
    status = err.status;
    message = err.message;
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
  } else if ("statusCode" in err && typeof err.statusCode === "number" && err.statusCode < 500) {
    // Fastify's own errors: malformed JSON, body too large, unsupported media type.
    status = err.statusCode;
    message = err.message;
  }
  if (status >= 500) req.log.error(err);
  reply.status(status).send({ code: status, message });
}
