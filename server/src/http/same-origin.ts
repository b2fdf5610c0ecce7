import type { FastifyRequest } from "fastify";
import { forbidden } from "./errors.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing calls from other origins (CSRF): a browser's `Origin` must name the host the
 * request reached. `req.host` and `req.protocol` follow X-Forwarded-Host/-Proto (or `Forwarded`) only from a
 * proxy in TRUST_PROXY, so a proxy that rewrites `Host` (nginx does by default) still works when trusted.
 * Clients that send no Origin (players, rclone, scripts) are not browsers and cannot be tricked this way.
 */
export function refuseCrossOrigin(req: FastifyRequest) {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.origin;
  if (!origin) return;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw forbidden("cross-origin request refused");
  }
  if (url.host !== req.host) throw forbidden("cross-origin request refused");
  // A page served over plain HTTP must not write to the HTTPS site (an on-path attacker could serve one).
  if (req.protocol === "https" && url.protocol !== "https:") throw forbidden("cross-origin request refused");
}
