import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import parseForwarded from "forwarded-parse";
import { badRequest } from "./errors.js";

const LEGACY = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto"] as const;

/** `1.2.3.4:80` or `[2001:db8::1]:80` -> the bare address; undefined for obfuscated or unknown nodes. */
function address(node: string | undefined): string | undefined {
  const bare = node?.match(/^\[([^\]]+)\]/)?.[1] ?? node?.replace(/:\d+$/, "");
  return bare && isIP(bare) ? bare : undefined;
}

/**
 * Fastify's `trustProxy` reads X-Forwarded-For/-Host/-Proto only. A trusted proxy that sends RFC 7239
 * `Forwarded` instead gets it translated into those headers, so `req.ip`, `req.host` and `req.protocol`
 * follow it too. Used only when the request carries none of the X-Forwarded-* headers, so a proxy that sets
 * them keeps full control; one that sends only `Forwarded` must drop clients' X-Forwarded-* (README).
 */
export function translateForwarded(req: FastifyRequest, trusted: (address: string, hop: number) => boolean) {
  const header = req.headers.forwarded;
  const peer = req.raw.socket?.remoteAddress;
  if (!header || !peer || !trusted(peer, 0) || LEGACY.some((h) => req.headers[h] !== undefined)) return;
  let elements: Record<string, string>[];
  try {
    elements = parseForwarded(header);
  } catch {
    throw badRequest("invalid Forwarded header");
  }
  // Only the addresses nearer than the first element that names none (`for=_hidden`, `for=unknown`, no `for`):
  // what lies beyond it is whatever the client sent, so the hop that hid it is the client as far as we know.
  const chain: string[] = [];
  for (const element of elements.toReversed()) {
    const found = address(element.for);
    if (found === undefined) break;
    chain.unshift(found);
  }
  const nearest = elements.at(-1);
  // On the raw headers: Fastify's getters and proxy-addr both read those.
  const headers = req.raw.headers;
  if (chain.length > 0) headers["x-forwarded-for"] = chain.join(", ");
  if (nearest?.host) headers["x-forwarded-host"] = nearest.host;
  if (nearest?.proto) headers["x-forwarded-proto"] = nearest.proto;
}
