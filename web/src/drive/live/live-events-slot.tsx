import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { useApiGeneration } from "@/drive/api/generation";
import { connectLiveEvents } from "./live-events";
import { RemoteUploads } from "./remote-uploads";

/**
 * Keeps the tab live where the server has an event stream: ours says so in /capabilities (`events`), Teldrive main
 * (API-B) always has one; Teldrive 1.8 has none, and there nothing changes. Mounted once, by the signed-in layout.
 */
export function LiveEventsSlot() {
  const queryClient = useQueryClient();
  const caps = useQuery(capabilitiesQueryOptions()).data;
  const generation = useApiGeneration();
  const enabled = caps !== undefined && (caps.events === true || generation === "B");
  useEffect(() => (enabled ? connectLiveEvents(queryClient) : undefined), [enabled, queryClient]);
  return enabled ? <RemoteUploads /> : null;
}
