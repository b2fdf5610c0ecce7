import type { FastifyInstance } from "fastify";
import { badRequest, HttpError } from "./errors.js";

/** The path of a string (or key) holding a NUL character in a parsed JSON value, e.g. "name" or "ids.2". */
function nulField(value: unknown, at: string): string | undefined {
  if (typeof value === "string") return value.includes("\0") ? at : undefined;
  if (!value || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    const found = key.includes("\0") ? path : nulField(item, path);
    if (found !== undefined) return found;
  }
  return undefined;
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
      const field = nulField(value, "");
      if (field !== undefined) return done(badRequest(`${field || "body"}: must not contain NUL characters`));
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
