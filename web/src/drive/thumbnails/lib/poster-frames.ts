/**
 * Poster frames of videos, drawn by the browser itself (the server has no video decoder): a muted `<video>` loads the
 * file's start, seeks to a frame about a second in, and that frame is drawn small onto a canvas. One video at a time,
 * so a grid of videos never decodes more than one at once; each poster is drawn once per session and kept as a blob
 * URL (the most recent POSTER_LIMIT of them).
 */

const POSTER_WIDTH = 720;
const POSTER_LIMIT = 300;
/** A video that has not given a frame by then (stalled, or far too big a header) keeps its icon. */
const GIVE_UP_MS = 15_000;

const posters = new Map<string, Promise<string | undefined>>();
const waiting: { url: string; signal: AbortSignal; resolve: (poster: string | undefined) => void }[] = [];
let busy = false;

const decodable = new Map<string, boolean>();

/** Whether this browser may decode the type at all (`canPlayType` answers "" when it certainly cannot). */
export function canDecodeVideo(mimeType: string): boolean {
  if (!mimeType.startsWith("video/")) return false;
  let known = decodable.get(mimeType);
  if (known === undefined) {
    known = document.createElement("video").canPlayType(mimeType) !== "";
    decodable.set(mimeType, known);
  }
  return known;
}

function once(target: EventTarget, events: string[], signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const done = new AbortController();
    const finish = (event: Event) => {
      done.abort();
      if (event.type === "error") reject(new Error("the video could not be decoded"));
      else resolve(event.type);
    };
    for (const name of [...events, "error"]) target.addEventListener(name, finish, { signal: done.signal });
    signal.addEventListener(
      "abort",
      () => {
        done.abort();
        reject(new Error("gave up"));
      },
      { signal: done.signal },
    );
  });
}

async function drawFrame(url: string): Promise<Blob> {
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.preload = "metadata";
  const signal = AbortSignal.timeout(GIVE_UP_MS);
  try {
    const loaded = once(video, ["loadedmetadata"], signal);
    video.src = url;
    await loaded;
    const at = Number.isFinite(video.duration) ? Math.min(1, video.duration / 10) : 0;
    const ready = once(video, ["seeked"], signal);
    video.currentTime = at;
    await ready;
    const scale = Math.min(1, POSTER_WIDTH / (video.videoWidth || POSTER_WIDTH));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
    canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
    canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no frame"))), "image/webp", 0.8),
    );
  } finally {
    // Frees the decoder and stops any further download at once.
    video.removeAttribute("src");
    video.load();
  }
}

function remember(url: string, poster: Promise<string | undefined>) {
  if (posters.size >= POSTER_LIMIT) {
    const [oldest] = posters;
    if (oldest) {
      posters.delete(oldest[0]);
      void oldest[1].then((blobUrl) => blobUrl && URL.revokeObjectURL(blobUrl));
    }
  }
  posters.set(url, poster);
  return poster;
}

function pump() {
  if (busy) return;
  let next = waiting.shift();
  // Rows that scrolled away before their turn are dropped without loading anything.
  while (next?.signal.aborted) {
    next.resolve(undefined);
    next = waiting.shift();
  }
  if (!next) return;
  busy = true;
  const { url, resolve } = next;
  const poster =
    posters.get(url) ??
    remember(
      url,
      drawFrame(url).then(
        (blob) => URL.createObjectURL(blob),
        () => undefined,
      ),
    );
  void poster.then(resolve).finally(() => {
    busy = false;
    pump();
  });
}

/** The poster of the video at `url` as a blob URL, or undefined when it cannot be drawn (or `signal` aborted first). */
export function posterFrame(url: string, signal: AbortSignal): Promise<string | undefined> {
  const known = posters.get(url);
  if (known) return known;
  return new Promise((resolve) => {
    waiting.push({ url, signal, resolve });
    pump();
  });
}
