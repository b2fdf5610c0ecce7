/** A file the server would not give (an HTTP error or no answer) before any of its bytes were zipped. */
export class UnreadableFile extends Error {}

export interface ReadOptions {
  signal: AbortSignal;
  /** Attempts per request: a broken connection, 5xx or 429 is tried again (4xx is final). */
  attempts?: number;
  /** Waits before attempt `n` (n ≥ 2); a real delay in the app, none in tests. */
  pause?: (attempt: number, signal: AbortSignal) => Promise<void>;
  fetch?: typeof fetch;
  /** Sent with every request (a protected share's password). */
  headers?: Record<string, string>;
}

const retryable = (status: number) => status >= 500 || status === 429;

export const backOff = (attempt: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(
      () => {
        signal.removeEventListener("abort", stop);
        resolve();
      },
      500 * 2 ** (attempt - 2),
    );
    signal.addEventListener("abort", stop, { once: true });
  });

async function request(url: string, offset: number, opts: ReadOptions): Promise<Response> {
  const { signal, attempts = 3, pause = backOff, fetch: fetchFn = fetch, headers } = opts;
  let problem = "no answer";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await pause(attempt, signal);
    let res: Response;
    try {
      res = await fetchFn(url, {
        credentials: "same-origin",
        signal,
        headers: offset > 0 ? { ...headers, Range: `bytes=${offset}-` } : headers,
      });
    } catch (error) {
      signal.throwIfAborted();
      problem = error instanceof Error ? error.message : String(error);
      continue;
    }
    if (res.ok && res.body && (offset === 0 || resumesAt(res, offset))) return res;
    await res.body?.cancel();
    problem = res.ok ? "the server cannot resume" : `the server answered ${res.status}`;
    if (!retryable(res.status)) break;
  }
  throw new UnreadableFile(problem);
}

/** A ranged answer that really starts where the file broke off. */
function resumesAt(res: Response, offset: number): boolean {
  return res.status === 206 && new RegExp(`^bytes ${offset}-`).test(res.headers.get("Content-Range") ?? "");
}

/** Asks for a file's content; throws UnreadableFile when it cannot be had, so the caller can skip the file. */
export const openFile = (url: string, opts: ReadOptions) => request(url, 0, opts);

/**
 * A file's bytes from an opened answer. When the connection breaks mid-file (the bytes already zipped cannot be
 * taken back), the rest is asked for with `Range: bytes=<offset>-`, up to `attempts` times.
 */
export async function* fileBytes(url: string, first: Response, opts: ReadOptions): AsyncGenerator<Uint8Array> {
  let reader = (first.body as ReadableStream<Uint8Array>).getReader();
  let offset = 0;
  let resumes = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        opts.signal.throwIfAborted();
        resumes += 1;
        if (resumes > (opts.attempts ?? 3)) throw error;
        reader = ((await request(url, offset, opts)).body as ReadableStream<Uint8Array>).getReader();
        continue;
      }
      if (chunk.done) return;
      offset += chunk.value.byteLength;
      yield chunk.value;
    }
  } finally {
    // Stopped early (cancelled, or another file failed): let go of the connection.
    void reader.cancel().catch(() => {});
  }
}
