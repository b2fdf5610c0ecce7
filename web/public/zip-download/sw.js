// @ts-check
// The zip download's service worker (web/src/features/zip-download). Registered with the scope /zip-download/
// only, so it controls no page of the app and sees no request but the downloads it was handed; it caches nothing.
// A page hands it a stream and a Content-Disposition header, then opens /zip-download/<id> in a hidden frame; the
// worker answers that one request with the stream, which the browser saves as a download.

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const SCOPE_PATH = new URL(worker.registration.scope).pathname;

/** @type {Map<string, {header: string, stream: ReadableStream<Uint8Array>, port: MessagePort}>} */
const waiting = new Map();

worker.addEventListener("install", () => {
  void worker.skipWaiting();
});

worker.addEventListener("message", (event) => {
  const data = event.data;
  // "keep-alive" messages need no answer: receiving them is what keeps this worker running during a download.
  if (data?.type !== "zip-download" || typeof data.id !== "string" || typeof data.header !== "string") return;
  if (!(data.stream instanceof ReadableStream) || !(data.port instanceof MessagePort)) return;
  waiting.set(data.id, { header: data.header, stream: data.stream, port: data.port });
  data.port.postMessage("registered");
});

worker.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !url.pathname.startsWith(SCOPE_PATH)) return;
  const id = url.pathname.slice(SCOPE_PATH.length);
  const download = waiting.get(id);
  if (!download) {
    event.respondWith(
      new Response("This download has ended. Start it again from the drive.", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Content-Security-Policy": "default-src 'none'" },
      }),
    );
    return;
  }
  waiting.delete(id);
  download.port.postMessage("started");
  download.port.close();
  event.respondWith(
    new Response(download.stream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": download.header,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "sandbox",
        "Cache-Control": "no-store",
      },
    }),
  );
});
