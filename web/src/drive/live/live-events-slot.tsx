import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { useApiGeneration } from "@/drive/api/generation";

const RemoteUploads = lazy(() => import("./remote-uploads").then((m) => ({ default: m.RemoteUploads })));

/**
 * Live updates are not needed to show the first page: the stream and its code start once the page has settled, and
 * what changed meanwhile is read again then.
 */
const SETTLE_MS = 3000;

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
  useEffect(() => {
    if (!enabled) return;
    let disconnect: (() => void) | undefined;
    let stopped = false;
    void import("./live-events").then((m) => {
      if (stopped) return;
      disconnect = m.connectLiveEvents(queryClient);
    });
    return () => {
      stopped = true;
      disconnect?.();
    };
  }, [enabled, queryClient]);
  return enabled ? (
    <Suspense>
      <RemoteUploads />
    </Suspense>
  ) : null;
}
