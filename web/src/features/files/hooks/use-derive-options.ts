import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { sessionQueryOptions } from "@/shared/api/get-session";
import type { DeriveOptions } from "@/shared/lib/file-item";
import { useSettings } from "@/shared/stores/settings-store";

/** What deriving a FileItem needs from outside the list: the resizer host and the session hash for its URLs. */
export function useDeriveOptions(): DeriveOptions {
  const resizerHost = useSettings((s) => s.resizerHost);
  const hash = useQuery(sessionQueryOptions()).data?.hash;
  return useMemo(() => ({ resizerHost, hash, origin: window.location.origin }), [resizerHost, hash]);
}
