import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { sessionQueryOptions } from "@/features/auth/api/get-session";
import { useSettings } from "@/features/settings/settings-store";
import { useServerThumbnails } from "@/features/thumbnails/hooks/use-server-thumbnails";
import type { DeriveOptions } from "../lib/file-item";

/**
 * What deriving a FileItem needs from outside the list: the resizer host and the session hash for its URLs, and
 * whether the server renders thumbnails.
 */
export function useDeriveOptions(): DeriveOptions {
  const resizerHost = useSettings((s) => s.resizerHost);
  const hash = useQuery(sessionQueryOptions()).data?.hash;
  const serverThumbnails = useServerThumbnails();
  return useMemo(
    () => ({ resizerHost, hash, origin: window.location.origin, serverThumbnails }),
    [resizerHost, hash, serverThumbnails],
  );
}
