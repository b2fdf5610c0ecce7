import { attachmentHeader } from "../lib/content-disposition";
import { type SinkChoice, SinkError, type ZipSink } from "./zip-sink";

/** Our own worker (web/public/zip-download/sw.js). Its scope is only its folder: it controls no page of the app. */
const SCOPE = "/zip-download/";
const SCRIPT = `${SCOPE}sw.js`;
/** Browsers stop an idle service worker after about 30 s; a message now and then keeps it feeding the download. */
const KEEP_ALIVE_MS = 10_000;

function activated(worker: ServiceWorker): Promise<ServiceWorker> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (worker.state === "activated") resolve(worker);
      else if (worker.state === "redundant") reject(new Error("the download helper did not start"));
    };
    worker.addEventListener("statechange", check);
    check();
  });
}

async function activeWorker(): Promise<ServiceWorker> {
  const registration = await navigator.serviceWorker.register(SCRIPT, { scope: SCOPE });
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  if (!worker) throw new Error("the download helper did not start");
  return activated(worker);
}

/** Streams (transferred to another realm) are what the worker answers the download with. */
function canTransferStreams(): boolean {
  try {
    const stream = new ReadableStream();
    structuredClone(stream, { transfer: [stream] });
    return true;
  } catch {
    return false;
  }
}

/**
 * A streamed download through the service worker: the archive's stream is handed to the worker, and a hidden frame
 * opens `/zip-download/<id>`, which the worker answers with that stream as an attachment. The browser saves it with
 * its own download UI (and its own Cancel); nothing is buffered beyond the stream's one chunk in flight.
 */
export async function serviceWorkerChoice(name: string): Promise<SinkChoice | undefined> {
  if (!window.isSecureContext || !("serviceWorker" in navigator) || !canTransferStreams()) return undefined;
  let worker: ServiceWorker;
  try {
    worker = await activeWorker();
  } catch {
    return undefined; // e.g. Firefox private windows, or service workers turned off
  }
  return {
    kind: "service-worker",
    maxBytes: Number.POSITIVE_INFINITY,
    open: () => openDownload(worker, name),
  };
}

async function openDownload(worker: ServiceWorker, name: string): Promise<ZipSink> {
  const id = crypto.randomUUID();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const channel = new MessageChannel();
  let started = false;
  const registered = new Promise<void>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === "registered") resolve();
      if (event.data === "started") started = true;
    };
  });
  worker.postMessage(
    { type: "zip-download", id, header: attachmentHeader(name), stream: readable, port: channel.port2 },
    [readable, channel.port2],
  );
  await registered;

  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.title = "download";
  frame.src = `${SCOPE}${id}`;
  document.body.append(frame);
  const keepAlive = setInterval(() => worker.postMessage({ type: "keep-alive" }), KEEP_ALIVE_MS);
  // A page that loads in the frame means the worker had no such download (it was restarted in between).
  frame.addEventListener("load", () => {
    if (!started)
      void writable.abort(new SinkError("The browser did not start the download; try again.")).catch(() => {});
  });
  const end = () => {
    clearInterval(keepAlive);
    channel.port1.close();
    // The frame must outlive the download's start; once the stream is over it has no further use.
    setTimeout(() => frame.remove(), 1000);
  };
  return { writable, close: end };
}
