import { onlineManager } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);

/** Whether the browser has a network connection (queries pause without one and resume when it returns). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * Says the connection is lost. What is on screen stays; requests waiting for the network (lists, pages, uploads)
 * go out by themselves when it is back, so there is nothing to press. Below the header and a list's toolbar, so it
 * covers none of their controls; with nothing to press, taps and clicks go through it to the rows under it.
 */
export function ConnectionBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed top-32 left-1/2 z-40 flex w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 items-center gap-3 rounded-2xl bg-on-surface px-4 py-3 text-sm text-surface shadow-lg"
    >
      <WifiOff aria-hidden className="size-5 shrink-0" />
      <span>You're offline. What's shown stays here, and it updates by itself when the connection is back.</span>
    </div>
  );
}
