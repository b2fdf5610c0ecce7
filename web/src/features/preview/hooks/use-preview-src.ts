import { useEffect, useState } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { createObjectUrl, revokeObjectUrl } from "../lib/object-urls";
import type { PreviewSource } from "../lib/preview-source";

export type SrcState = { status: "loading" } | { status: "ready"; src: string } | { status: "error"; message: string };

/** A URL the viewers can use for `item`: the content URL, or an object URL when headers are needed. */
export function usePreviewSrc(source: PreviewSource, item: FileItem): SrcState {
  const [state, setState] = useState<SrcState>({ status: "loading" });
  useEffect(() => {
    let objectUrl: string | undefined;
    const abort = new AbortController();
    setState({ status: "loading" });
    (async () => {
      const url = await source.url(item);
      if (!source.headers) return url;
      const res = await fetch(url, { headers: source.headers, signal: abort.signal });
      if (!res.ok) throw new Error(`The server answered ${res.status}`);
      objectUrl = createObjectUrl(await res.blob());
      return objectUrl;
    })().then(
      (src) => !abort.signal.aborted && setState({ status: "ready", src }),
      (error: unknown) =>
        !abort.signal.aborted &&
        setState({ status: "error", message: error instanceof Error ? error.message : "Could not load the file" }),
    );
    return () => {
      abort.abort();
      if (objectUrl) revokeObjectUrl(objectUrl);
    };
  }, [source, item]);
  return state;
}
