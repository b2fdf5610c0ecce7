import { useEffect, useState } from "react";
import { useSettled } from "@/lib/hooks/use-settled";
import { posterFrame } from "../lib/poster-frames";

/** The poster frame of a video while its row is rendered: a blob URL, undefined while waiting, null if none. */
export function usePosterFrame(url: string | undefined): string | null | undefined {
  const settled = useSettled(url);
  const [poster, setPoster] = useState<{ url: string; poster: string | null }>();
  useEffect(() => {
    if (!url || !settled) return;
    const left = new AbortController();
    void posterFrame(url, left.signal).then((found) => {
      if (!left.signal.aborted) setPoster({ url, poster: found ?? null });
    });
    return () => left.abort();
  }, [url, settled]);
  return poster && poster.url === url ? poster.poster : undefined;
}
