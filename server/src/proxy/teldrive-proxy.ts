import fastifyHttpProxy from "@fastify/http-proxy";
import type { FastifyInstance } from "fastify";
import { firstPartyCookie } from "./first-party-cookie.js";

/**
 * TELDRIVE_URL mode: every `/api` call, the sign-in websocket included, goes to a real Teldrive
 * server, and this server only serves the web client. Cookies come back first-party. A path in
 * `upstream` (Teldrive served under `https://host/teldrive`) is kept: `/api/x` goes to `/teldrive/api/x`.
 */
export async function teldriveProxy(app: FastifyInstance, { upstream }: { upstream: string }) {
  const url = new URL(upstream);
  const upstreamOrigin = url.origin;
  await app.register(fastifyHttpProxy, {
    upstream: upstreamOrigin,
    prefix: "/api",
    rewritePrefix: `${url.pathname.replace(/\/+$/, "")}/api`,
    websocket: true,
    replyOptions: {
      // This server already refused cross-origin writes; the upstream sees calls as coming from itself.
      rewriteRequestHeaders: (_req, headers) => (headers.origin ? { ...headers, origin: upstreamOrigin } : headers),
      rewriteHeaders: (headers, req) => {
        const setCookie = headers["set-cookie"];
        if (!setCookie) return headers;
        const secure = req?.protocol === "https";
        const cookies = Array.isArray(setCookie) ? setCookie : [String(setCookie)];
        return { ...headers, "set-cookie": cookies.map((c) => firstPartyCookie(c, secure)) };
      },
    },
  });
}
