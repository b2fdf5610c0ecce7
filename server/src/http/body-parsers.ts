import type { FastifyInstance } from "fastify";
import { badRequest, HttpError } from "./errors.js";

/** True when a parsed JSON value holds a NUL character in any string or key (PostgreSQL text cannot store one). */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([key, item]) => key.includes("\0") || holdsNul(item));
  return false;
}

/**
 * Body parsing as other Teldrive clients need it: some send `Content-Type: application/json` on every call,
 * bodyless ones included, so an empty body of any type is no body. A JSON body is parsed by Fastify's own
 * parser (prototype-poisoning checks included); malformed JSON stays a 400, and so does a NUL in any string.
 */
export function registerBodyParsers(app: FastifyInstance) {
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = body.toString();
    if (text.length === 0) return done(null, undefined);
    defaultJson(req, text, (err, value) => {
      if (err) return done(err);
      if (holdsNul(value)) return done(badRequest("invalid input: text must not contain NUL characters"));
      done(null, value);
    });
  });
  app.addContentTypeParser("*", { parseAs: "buffer" }, (req, body, done) => {
    if (body.length === 0) return done(null, undefined);
    done(new HttpError(415, `unsupported media type: ${req.headers["content-type"] ?? ""}`));
  });
}

/** A `%00` anywhere in the URL (path or query) can only end in a database error: refuse it up front. */
export function refuseNulInUrl(url: string) {
  if (/%00/.test(url)) throw badRequest("invalid input: the URL must not contain NUL characters");
}
