import http from "node:http";
import https from "node:https";
import { HttpError } from "../../http/errors.js";
import type { NetGuard } from "../net-guard.js";

const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 30_000;

export interface GuardedRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Credentials for the first host only: never sent after a redirect to another origin. */
  auth?: { user: string; password: string };
}

/**
 * One HTTP(S) request whose every connection goes through the guard's lookup (so no resolved address is private
 * unless allowed), following up to five redirects, each checked the same way. Answers the final response, body unread.
 */
export async function guardedRequest(guard: NetGuard, start: URL, req: GuardedRequest): Promise<http.IncomingMessage> {
  let url = start;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new HttpError(400, `source refused: a redirect led to ${url.protocol} instead of http(s)`);
    // A literal address never reaches the lookup: check it here.
    await guard.resolve(url.hostname);
    const headers: Record<string, string> = { "user-agent": "drive-import/1", ...req.headers };
    if (req.auth && url.origin === start.origin)
      headers.authorization = `Basic ${Buffer.from(`${req.auth.user}:${req.auth.password}`).toString("base64")}`;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const lib = url.protocol === "https:" ? https : http;
      const r = lib.request(url, {
        method: req.method ?? "GET",
        headers,
        lookup: guard.lookup,
        signal: req.signal,
        timeout: TIMEOUT_MS,
      });
      r.on("response", resolve);
      r.on("error", reject);
      r.on("timeout", () => r.destroy(new Error(`${url.host} did not answer within ${TIMEOUT_MS / 1000} s`)));
      r.end(req.body);
    });
    const location = res.headers.location;
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
      res.resume();
      if (hop >= MAX_REDIRECTS) throw new HttpError(400, `source refused: more than ${MAX_REDIRECTS} redirects`);
      url = new URL(location, url);
      continue;
    }
    return res;
  }
}

/** Reads a (small) response body as text, at most `limit` bytes. */
export async function readText(res: http.IncomingMessage, limit = 64 * 1024 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      res.destroy();
      throw new Error("the source's answer is too large");
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A plain-words error for an HTTP status from a source. */
export function statusError(what: string, res: http.IncomingMessage): Error {
  res.resume();
  const code = res.statusCode ?? 0;
  if (code === 401 || code === 403)
    return new HttpError(400, `${what}: the source refused the user name or password (${code})`);
  if (code === 404) return new HttpError(400, `${what}: not found on the source (404)`);
  return new Error(`${what}: the source answered ${code} ${res.statusMessage ?? ""}`.trim());
}
