import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { DeriveOptions } from "@/drive/files/file-item";
import { sessionQueryOptions } from "@/drive/session/session";
import { useSettings } from "@/drive/settings/settings-store";
import { useServerThumbnails, useServerVideoPosters } from "@/drive/thumbnails/hooks/use-server-thumbnails";

/**
 * What deriving a FileItem needs from outside the list: the resizer host and the session hash for its URLs, and
 * whether the server renders thumbnails and video posters.
 */
export function useDeriveOptions(): DeriveOptions {
  const resizerHost = useSettings((s) => s.resizerHost);
  const hash = useQuery(sessionQueryOptions()).data?.hash;
  const serverThumbnails = useServerThumbnails();
  const videoPosters = useServerVideoPosters();
  return useMemo(
    () => ({ resizerHost, hash, origin: window.location.origin, serverThumbnails, videoPosters }),
    [resizerHost, hash, serverThumbnails, videoPosters],
  );
}
