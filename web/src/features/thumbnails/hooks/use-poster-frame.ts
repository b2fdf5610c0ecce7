import { useEffect, useState } from "react";
import { posterFrame } from "../lib/poster-frames";

/** Rows that stay on screen this long get their poster drawn; a fast scroll passes by without loading videos. */
const SETTLE_MS = 200;

/** The poster frame of a video while its row is rendered: a blob URL, undefined while waiting, null if none. */
export function usePosterFrame(url: string | undefined): string | null | undefined {
  const [poster, setPoster] = useState<{ url: string; poster: string | null }>();
  useEffect(() => {
    if (!url) return;
    const left = new AbortController();
    const timer = setTimeout(() => {
      void posterFrame(url, left.signal).then((found) => {
        if (!left.signal.aborted) setPoster({ url, poster: found ?? null });
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      left.abort();
    };
  }, [url]);
  return poster && poster.url === url ? poster.poster : undefined;
}
