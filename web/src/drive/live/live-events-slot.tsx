import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, useEffect, useState } from "react";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { useApiGeneration } from "@/drive/api/generation";

/**
 * Live updates are not needed to show the first page: the stream and its code start once the page has settled, and
 * what changed meanwhile is read again then.
 */
const SETTLE_MS = 3000;
/** Code that could not be fetched (the server went away meanwhile) is asked for again after this long. */
const RETRY_MS = 30_000;

/**
 * Keeps the tab live where the server has an event stream: ours says so in /capabilities (`events`), Teldrive main
 * (API-B) always has one; Teldrive 1.8 has none, and there nothing changes. Mounted once, by the signed-in layout.
 */
export function LiveEventsSlot() {
  const queryClient = useQueryClient();
  const caps = useQuery(capabilitiesQueryOptions()).data;
  const generation = useApiGeneration();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  const enabled = settled && caps !== undefined && (caps.events === true || generation === "B");
  const [attempt, setAttempt] = useState(0);
  const [RemoteUploads, setRemoteUploads] = useState<ComponentType | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `attempt` loads the code again after a failure.
  useEffect(() => {
    if (!enabled) return;
    let disconnect: (() => void) | undefined;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Loaded here rather than with React.lazy: a failed fetch of this background code must not take the page down.
    Promise.all([import("./live-events"), import("./remote-uploads")]).then(
      ([live, remote]) => {
        if (stopped) return;
        disconnect = live.connectLiveEvents(queryClient);
        setRemoteUploads(() => remote.RemoteUploads);
      },
      () => {
        if (!stopped) retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
      },
    );
    return () => {
      stopped = true;
      clearTimeout(retry);
      disconnect?.();
    };
  }, [enabled, queryClient, attempt]);
  return enabled && RemoteUploads ? <RemoteUploads /> : null;
}
