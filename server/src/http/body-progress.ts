import type { FastifyRequest } from "fastify";
import type { Timeouts } from "../config.js";

/**
 * Closes the connection of a request whose body stalls, like Apache's mod_reqtimeout: the body may take
 * `bodyGraceMs`, plus one second for every `minBodyBytesPerSecond` bytes that arrived. A client dripping a
 * body a byte at a time is cut off after the grace period; a slow but real upload keeps extending its time.
 * Node's own `requestTimeout` cannot do this: it would cut every upload longer than the limit.
 */
export function guardBodyProgress(req: FastifyRequest, timeouts: Timeouts) {
  const raw = req.raw;
  const socket = raw.socket;
  const declared = raw.headers["content-length"];
  const hasBody = (declared !== undefined && declared !== "0") || raw.headers["transfer-encoding"] !== undefined;
  // Requests injected in tests have no real socket to count.
  if (!hasBody || raw.complete || typeof socket?.bytesRead !== "number") return;
  const startBytes = socket.bytesRead;
  const startTime = Date.now();
  // Keep-alive connections carry many requests: the socket must keep no listener from this one.
  const stop = () => {
    clearInterval(timer);
    raw.off("end", stop);
    raw.off("close", stop);
    socket.off("close", stop);
  };
  const timer = setInterval(
    () => {
      if (raw.complete || socket.destroyed) return stop();
      const received = socket.bytesRead - startBytes;
      const allowed = timeouts.bodyGraceMs + (received / timeouts.minBodyBytesPerSecond) * 1000;
      if (Date.now() - startTime <= allowed) return;
      stop();
      socket.destroy();
    },
    Math.min(1000, timeouts.bodyGraceMs),
  );
  timer.unref();
  raw.once("end", stop);
  raw.once("close", stop);
  socket.once("close", stop);
}
