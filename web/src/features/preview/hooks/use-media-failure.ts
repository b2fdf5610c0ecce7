import { useCallback, useState } from "react";

/**
 * Whether the player gave up on `src`, and the callback that says it did. Kept per source, so a new URL for the same
 * file (a renewed session hash) gets a fresh try, and nothing has to reset it after mounting: a reset in an effect
 * could land after the failure it should not undo.
 */
export function useMediaFailure(src: string): [failed: boolean, fail: () => void] {
  const [failedSrc, setFailedSrc] = useState<string>();
  const fail = useCallback(() => setFailedSrc(src), [src]);
  return [failedSrc === src, fail];
}
