import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Below this many bytes a response goes out as it is: compressing it saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** What is worth compressing on the fly: API JSON and text the client build did not precompress. */
const COMPRESSIBLE =
  /^(application\/(json|javascript|[\w.+-]+\+json)|text\/(html|css|javascript|plain|xml)|image\/svg\+xml)\b/i;

/**
 * Compresses responses (Brotli or gzip, as the browser accepts) above COMPRESS_THRESHOLD. Call on the root instance
 * before any route is added. File content never is: it carries Content-Disposition, may be gigabytes, and its
 * byte ranges and Content-Length must stay those of the stored file. The client build is served precompressed
 * (`.br`/`.gz` made by `vite build`), so those responses already have a Content-Encoding and pass through.
 */
export async function useCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own per-route onSend; `x-no-compression` is its documented way to skip one response.
  app.addHook("onSend", async (req, reply, payload) => {
    const type = String(reply.getHeader("content-type") ?? "application/json");
    if (reply.hasHeader("content-disposition") || !COMPRESSIBLE.test(type)) req.headers["x-no-compression"] = "1";
    return payload;
  });
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: COMPRESS_THRESHOLD,
    // Request bodies are taken as sent: decoding them would turn unknown Content-Encodings of other clients into 415s.
    globalDecompression: false,
  });
}
