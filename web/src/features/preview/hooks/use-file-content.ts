import { useEffect, useState } from "react";
import { readPreviewSrc } from "../lib/object-urls";

/** Text and office previews read at most this much; bigger files are offered as a download. */
export const MAX_PREVIEW_BYTES = 20 * 1024 * 1024;

export type ContentState<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; message: string }
  | { status: "too-large" };

/** Fetches `src` (a content or object URL) and decodes it with `read`. */
export function useFileContent<T>(src: string, size: number, read: (res: Response) => Promise<T>): ContentState<T> {
  const [state, setState] = useState<ContentState<T>>({ status: "loading" });
  useEffect(() => {
    if (size > MAX_PREVIEW_BYTES) {
      setState({ status: "too-large" });
      return;
    }
    const abort = new AbortController();
    setState({ status: "loading" });
    readPreviewSrc(src, abort.signal)
      .then(read)
      .then(
        (data) => !abort.signal.aborted && setState({ status: "ready", data }),
        (error: unknown) =>
          !abort.signal.aborted &&
          setState({ status: "error", message: error instanceof Error ? error.message : "Could not read the file" }),
      );
    return () => abort.abort();
  }, [src, size, read]);
  return state;
}
